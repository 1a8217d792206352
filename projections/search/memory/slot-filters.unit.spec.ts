import { describe, expect, it } from 'vitest';
import { above, anyBits, byteIs, eachSlot, type Filter, inBox, inRange, oneOf } from './slot-filters';

/** The slots a filter keeps of `slots`, in the order it leaves them. */
const kept = (filter: Filter, slots: number[]): number[] => {
  const chunk = Int32Array.from(slots);
  return [...chunk.subarray(0, filter(chunk, slots.length))];
};

describe('slot filters (a column at a time over a chunk of candidates)', () => {
  const price = Float64Array.from([100, NaN, 300, 200, 300]);

  it('keep the passing slots in their order, and only the first n', () => {
    expect(kept(inRange(price, 150, 300), [4, 3, 2, 1, 0])).toEqual([4, 3, 2]);
    const chunk = Int32Array.from([0, 2, 4, 3]);
    expect(inRange(price, 250, Infinity)(chunk, 2)).toBe(1);
    expect(chunk[0]).toBe(2);
  });

  it('fail a null (NaN) whichever bound is open, as SQL does', () => {
    expect(kept(inRange(price, -Infinity, Infinity), [0, 1, 2])).toEqual([0, 2]);
    expect(kept(inRange(price, -Infinity, 150), [0, 1, 2])).toEqual([0]);
    expect(kept(above(price, 150), [0, 1, 2, 3])).toEqual([2, 3]);
  });

  it('test bytes for a value or any of some bits', () => {
    const grp = Uint8Array.from([1, 2, 1, 0]);
    expect(kept(byteIs(grp, 1), [0, 1, 2, 3])).toEqual([0, 2]);
    const kinds = Uint8Array.from([0b001, 0b010, 0b110, 0]);
    expect(kept(anyBits(kinds, 0b100 | 0b001), [0, 1, 2, 3])).toEqual([0, 2]);
  });

  it('test an int key against one value or several', () => {
    const city = Int32Array.from([7, 8, 9, -1]);
    expect(kept(oneOf(city, new Set([8])), [0, 1, 2, 3])).toEqual([1]);
    expect(kept(oneOf(city, new Set([7, 9])), [0, 1, 2, 3])).toEqual([0, 2]);
    expect(kept(oneOf(city, new Set()), [0, 1, 2, 3])).toEqual([]);
  });

  it('keep a box edges included, and no listing without a point', () => {
    const lat = Float64Array.from([40, 41, NaN, 40.5, 40.5]);
    const lng = Float64Array.from([-75, -74, -74.5, NaN, -74.5]);
    expect(kept(inBox(lat, lng, { minLat: 40, maxLat: 41, minLng: -75, maxLng: -74 }), [0, 1, 2, 3, 4])).toEqual([0, 1, 4]);
  });

  it('run a per-slot test for the rare costly ones', () => {
    expect(
      kept(
        eachSlot((s) => s % 2 === 1),
        [5, 2, 3, 8],
      ),
    ).toEqual([5, 3]);
  });
});
