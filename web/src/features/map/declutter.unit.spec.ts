import { describe, expect, it } from 'vitest';
import type { Pin } from '../../../../src/contract/search';
import { labelsThatFit } from './declutter';

const pin = (pdid: string, x: number, y: number): Pin => ({ pdid, longitude: x, latitude: y, priceShort: '$500k', locationApproximate: false });
const project = (p: Pin) => ({ x: p.longitude, y: p.latitude });

describe('price label decluttering', () => {
  it('keeps labels apart and lets the hovered or selected pin win an overlap', () => {
    const pins = [pin('a', 100, 100), pin('b', 110, 105), pin('c', 300, 100)];
    expect([...labelsThatFit(pins, project, new Set())].sort()).toEqual(['a', 'c']);
    expect([...labelsThatFit(pins, project, new Set(['b']))].sort()).toEqual(['b', 'c']);
  });

  it('labels pins far enough apart', () => {
    const pins = Array.from({ length: 10 }, (_, i) => pin(String(i), i * 80, 50));
    expect(labelsThatFit(pins, project, new Set()).size).toBe(10);
  });
});
