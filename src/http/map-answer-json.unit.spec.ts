import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../shared/prng';
import type { Card } from '../contract/search';
import { type MapAnswer, mapAnswerJson } from './map-answer-json';

const random = mulberry32(34);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const STRINGS = ['', 'BENCH-GEN42-44470', 'say "hi"', 'back\\slash', 'line\nbreak\ttab', 'Zoë’s café', '\u0001\u001f', '\ud800 lone', '😀', '</script>'];
const NUMBERS = [0, -0, 1, -122.204493, 47.891596, 47.678731439393935, 1e-7, -1.5e-9, 123456789012, 0.1 + 0.2, 2 ** 53];

/** An answer with the controller's keys in its order, its values drawn from what JSON writes in different ways. */
function answer(split: boolean): MapAnswer {
  const pins = Array.from({ length: Math.floor(random() * 5) }, () => ({
    pdid: pick(STRINGS),
    latitude: pick(NUMBERS),
    longitude: pick(NUMBERS),
    priceShort: pick([null, '$472k', '$2k', pick(STRINGS)]),
    ...(random() < 0.3 ? { priceLabel: pick(['$2.1k/mo', pick(STRINGS)]) } : {}),
    locationApproximate: random() < 0.5,
    ...(random() < 0.8 ? { inCluster: random() < 0.5 } : {}),
  }));
  const clusters = Array.from({ length: Math.floor(random() * 4) }, () => ({
    latitude: pick(NUMBERS),
    longitude: pick(NUMBERS),
    count: Math.floor(random() * 500),
    ...(random() < 0.8 ? { complete: random() < 0.5 } : {}),
  }));
  const bounds = random() < 0.2 ? null : { minLat: pick(NUMBERS), maxLat: pick(NUMBERS), minLng: pick(NUMBERS), maxLng: pick(NUMBERS) };
  return {
    total: Math.floor(random() * 100_000),
    results: { searchTitle: pick(STRINGS), searchUrl: `/search/map?${pick(STRINGS)}`, searchQs: pick(STRINGS), results: pins, mapBounds: bounds },
    ...(random() < 0.9 ? { clusters } : {}),
    ...(split ? { cards: [{ pdid: pick(STRINGS), price: pick(NUMBERS), photos: [pick(STRINGS)] } as unknown as Card], page: 2, perpage: 24 } : {}),
    disclaimers: random() < 0.5 ? [] : [{ mls: pick(STRINGS), text: pick(STRINGS), updatedAt: null }],
  };
}

describe('mapAnswerJson', () => {
  it('writes the text JSON.stringify writes, for map and split answers of every kind of value', () => {
    for (let i = 0; i < 500; i++) {
      const a = answer(i % 3 === 0);
      expect(mapAnswerJson(a)).toBe(JSON.stringify(a));
    }
  });

  it('writes a number JSON cannot hold as null, as JSON.stringify does', () => {
    const a: MapAnswer = {
      total: 1,
      results: {
        searchTitle: 't',
        searchUrl: '/search/map',
        searchQs: '',
        results: [{ pdid: 'A-1', latitude: NaN, longitude: Infinity, priceShort: null, locationApproximate: true }],
        mapBounds: null,
      },
      clusters: [{ latitude: -Infinity, longitude: 1, count: 2 }],
      disclaimers: [],
    };
    expect(mapAnswerJson(a)).toBe(JSON.stringify(a));
  });
});
