import { describe, expect, it } from 'vitest';
import { SlotTexts, type TextColumns } from './slot-texts';

const columns = (capacity: number): TextColumns => ({
  textAt: new Int32Array(capacity).fill(-1),
  pdidBytes: new Int32Array(capacity).fill(-1),
  addressBytes: new Int32Array(capacity).fill(-1),
  listingIdBytes: new Int32Array(capacity).fill(-1),
});

const held = (t: SlotTexts, slot: number) => [t.pdid(slot), t.address(slot), t.listingId(slot)];

describe('SlotTexts', () => {
  it('finds each key and gives back each text as written, nulls and non-ASCII included, through removals, rewrites and compactions', () => {
    const n = 5_000;
    const cols = columns(n);
    const t = new SlotTexts(cols);
    const want = new Map<number, (string | null)[]>();
    for (let slot = 0; slot < n; slot++) {
      const texts = [`NW-${slot}`, slot % 7 === 0 ? null : `${slot} Chemin de l'Église`, slot % 5 === 0 ? null : `N${slot}`];
      t.set(slot, texts[0]!, texts[1]!, texts[2]!);
      want.set(slot, texts);
    }
    // Removals leave their keys' places to be passed over; rewrites of long addresses make enough garbage for compactions.
    for (let slot = 0; slot < n; slot += 3) {
      t.clear(slot);
      want.delete(slot);
    }
    for (let round = 0; round < 3; round++)
      for (const [slot, texts] of want) {
        const address = `${slot} ${'Long Street Name '.repeat(20 + round)}`;
        t.set(slot, texts[0]!, address, texts[2]!);
        want.set(slot, [texts[0]!, address, texts[2]!]);
      }
    expect(t.size).toBe(want.size);
    for (let slot = 0; slot < n; slot++) {
      expect(t.slotOf(`NW-${slot}`)).toBe(want.has(slot) ? slot : undefined);
      expect(held(t, slot)).toEqual(want.get(slot) ?? [null, null, null]);
    }
    // A freed slot takes a new key; a snapshot's pool and columns give the same texts and keys.
    t.set(0, 'SW-Ø1', 'Øster Allé 3', null);
    const back = new SlotTexts(cols, t.image().slice(), n);
    expect([back.slotOf('SW-Ø1'), back.slotOf('NW-0'), held(back, 0), back.size]).toEqual([0, undefined, ['SW-Ø1', 'Øster Allé 3', null], t.size]);
  });

  it('orders keys by their bytes, as orderSql does', () => {
    const cols = columns(4);
    const t = new SlotTexts(cols);
    ['NW-10', 'NW-9', 'NW-1', 'NW-Ä'].forEach((k, slot) => t.set(slot, k, null, null));
    const order = [0, 1, 2, 3].sort((a, b) => t.comparePdids(a, b)).map((slot) => t.pdid(slot));
    expect(order).toEqual(['NW-1', 'NW-10', 'NW-9', 'NW-Ä']);
  });
});
