import type { Box } from '../../../../projections/search';

/** What a bucket reads of a saved search: its box (if any), status group, price band and bedrooms. */
export type BucketEntry = {
  readonly box: Box | null;
  readonly sold: boolean;
  readonly minPrice: number | undefined;
  readonly maxPrice: number | undefined;
  readonly minBeds: number | undefined;
};

/** The listing a bucket is scanned for; a null price or beds fails every bound on it, as in SQL. */
export type BucketProbe = { readonly lat: number; readonly lng: number; readonly sold: boolean; readonly price: number | null; readonly beds: number | null };

const NONE = -Infinity;

/**
 * The saved searches filed under one key (a grid cell, a place, "everywhere"), column by column:
 * a listing change scans thousands of them, and comparing numbers in typed arrays costs a few
 * nanoseconds each where following an object per search costs tens. Removal leaves a hole that
 * can never match; the columns are compacted when half of them are holes.
 */
export class SearchBucket<E extends BucketEntry> {
  private items: (E | null)[] = [];
  private cols = columns(4);
  private used = 0;
  private live = 0;

  get size(): number {
    return this.live;
  }

  /** Files a search (never filed here before: callers file each search once per key). */
  add(e: E): void {
    if (this.used === this.cols.minPrice.length) this.cols = grow(this.cols, this.used, this.used * 2);
    const i = this.used++;
    const c = this.cols;
    const b = e.box;
    c.minLat[i] = b ? b.minLat : -Infinity;
    c.maxLat[i] = b ? b.maxLat : Infinity;
    c.minLng[i] = b ? b.minLng : -Infinity;
    c.maxLng[i] = b ? b.maxLng : Infinity;
    c.minPrice[i] = e.minPrice ?? NONE;
    c.maxPrice[i] = e.maxPrice ?? -NONE;
    c.minBeds[i] = e.minBeds ?? NONE;
    c.sold[i] = e.sold ? 1 : 0;
    this.items[i] = e;
    this.live++;
  }

  /** A linear search: removals are rare (a search deleted or changed), and a map per bucket from search to slot cost more memory than the columns. */
  remove(e: E): void {
    const i = this.items.indexOf(e);
    if (i < 0) return;
    this.items[i] = null;
    this.cols.sold[i] = 2; // matches neither status group
    this.live--;
    if (this.live < this.used / 2) this.compact();
  }

  /** Appends to `out` the searches whose box, status group, price band and bedrooms admit the listing. */
  scan(p: BucketProbe, out: E[]): void {
    const c = this.cols;
    const sold = p.sold ? 1 : 0;
    const price = p.price ?? NaN;
    const beds = p.beds ?? NaN;
    const { lat, lng } = p;
    for (let i = 0; i < this.used; i++) {
      if (c.sold[i] !== sold) continue;
      if (!(price >= c.minPrice[i]! || c.minPrice[i] === NONE) || !(price <= c.maxPrice[i]! || c.maxPrice[i] === -NONE)) continue;
      if (!(beds >= c.minBeds[i]! || c.minBeds[i] === NONE)) continue;
      if (lat < c.minLat[i]! || lat > c.maxLat[i]! || lng < c.minLng[i]! || lng > c.maxLng[i]!) continue;
      out.push(this.items[i]!);
    }
  }

  private compact(): void {
    const keep = this.items.slice(0, this.used).filter((e): e is E => e !== null);
    this.items = [];
    this.cols = columns(Math.max(4, keep.length * 2));
    this.used = 0;
    this.live = 0;
    for (const e of keep) this.add(e);
  }
}

type Columns = ReturnType<typeof columns>;
function columns(n: number) {
  return {
    minLat: new Float64Array(n),
    maxLat: new Float64Array(n),
    minLng: new Float64Array(n),
    maxLng: new Float64Array(n),
    minPrice: new Float64Array(n),
    maxPrice: new Float64Array(n),
    minBeds: new Float64Array(n),
    sold: new Uint8Array(n),
  };
}
function grow(c: Columns, used: number, n: number): Columns {
  const next = columns(n);
  for (const k of Object.keys(c) as (keyof Columns)[]) next[k].set(c[k].subarray(0, used));
  return next;
}
