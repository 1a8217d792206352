import type { Box } from '../search-criteria';

/**
 * A test of many slots at once: keeps those of slots[0..n) that pass, in their order, and
 * returns how many it kept. The matching runs each test over a chunk of candidates in turn
 * (column at a time), not every test over one candidate: each filter is a short loop over one
 * column that V8 compiles for that column's type, where a list of per-slot closures is a call
 * V8 cannot inline for every test of every candidate (a keyword list at 1M listings tests tens
 * of thousands).
 */
export type Filter = (slots: Int32Array, n: number) => number;

/** min ≤ value ≤ max; a null (NaN) fails, as it does in SQL. */
export const inRange =
  (column: Float64Array, min: number, max: number): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      const v = column[s]!;
      if (v >= min && v <= max) slots[kept++] = s;
    }
    return kept;
  };

/** value > min (a null fails). */
export const above =
  (column: Float64Array, min: number): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      if (column[s]! > min) slots[kept++] = s;
    }
    return kept;
  };

/** A byte column equal to `value` (a status group, a flag that is true). */
export const byteIs =
  (column: Uint8Array, value: number): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      if (column[s] === value) slots[kept++] = s;
    }
    return kept;
  };

/** A byte column with any of `bits` set (the listing types). */
export const anyBits =
  (column: Uint8Array, bits: number): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      if ((column[s]! & bits) !== 0) slots[kept++] = s;
    }
    return kept;
  };

/** An int column (a city, county or zip key) equal to one of `values`. */
export function oneOf(column: Int32Array, values: ReadonlySet<number>): Filter {
  if (values.size === 1) {
    const [value] = values;
    return (slots, n) => {
      let kept = 0;
      for (let j = 0; j < n; j++) {
        const s = slots[j]!;
        if (column[s] === value) slots[kept++] = s;
      }
      return kept;
    };
  }
  return (slots, n) => {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      if (values.has(column[s]!)) slots[kept++] = s;
    }
    return kept;
  };
}

/** Inside the box; a listing without a point (NaN coordinates) is outside every box. */
export const inBox =
  (lat: Float64Array, lng: Float64Array, b: Box): Filter =>
  (slots, n) => {
    const { minLat, maxLat, minLng, maxLng } = b;
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      const a = lat[s]!;
      const o = lng[s]!;
      if (a >= minLat && a <= maxLat && o >= minLng && o <= maxLng) slots[kept++] = s;
    }
    return kept;
  };

/** A test of one slot at a time, for the rare costly ones (a radius, polygons, MLS numbers). */
export const eachSlot =
  (test: (slot: number) => boolean): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const s = slots[j]!;
      if (test(s)) slots[kept++] = s;
    }
    return kept;
  };
