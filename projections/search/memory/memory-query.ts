import { boxAround, CELL_LEVEL, cellSize, chord2OfMiles, unitVector } from '../geo';
import type { Box, SearchCriteria } from '../search-criteria';
import { groupOf } from '../search-document';
import type { Cluster, Pin } from '../search-index.port';
import { normalizeName, TYPE_BITS } from '../search-terms';
import { boundsOf } from '../postgres/criteria-sql';
import { pointInRing, ringOf } from '../postgres/criteria-match';
import { viewportOnly } from '../postgres/viewport-aggregates';
import type { IntList } from './int-list';
import { GRID_SHIFT, gridKey, type ListingColumns } from './listing-columns';
import { PolygonCells } from './polygon-cells';
import { ClusterSums } from './cluster-sums';
import { anyBits, above, byteIs, eachSlot, type Filter, inBox, inRange, oneOf } from './slot-filters';

/** Past this many grid cells a region is scanned whole instead (a country-wide map). */
const MAX_CELLS = 4096;

/** The stamps of the keyword intersection, reused: it runs start to end without awaiting. */
const scratch = { stamps: new Uint32Array(0), epoch: 0 };

/** The longest a scan runs before it lets the event loop serve others (a polygon test is costlier than a box's: time, not a count). */
const SLICE_MS = 4;

/** The slots that match, in no order. */
export type Matches = { readonly slots: Int32Array; readonly n: number };

/** A scan past its budget: the search answers as a statement past its timeout does (SQLSTATE query_canceled). */
export class ScanTimeout extends Error {
  readonly code = '57014';
  constructor() {
    super('search scan cancelled at its time budget');
  }
}

/** Work between two looks at the clock: a look costs about as much as a few cheap tests. */
const SLICE_EVERY = 1024;

/**
 * A pass's time: it lets the event loop serve others each `sliceMs` of work, and is given up
 * past `budgetMs` (a search of ten country-wide polygons must not stop every other request, as
 * a statement timeout guards PostgreSQL).
 */
export class Slices {
  private readonly started = performance.now();
  private slice = this.started;

  constructor(
    private readonly budgetMs = Infinity,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** Whether this slice is spent (then `pause`). */
  due(): boolean {
    return performance.now() - this.slice >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    this.slice = performance.now();
    if (this.slice - this.started > this.budgetMs) throw new ScanTimeout();
  }
}

/**
 * Every listing matching the criteria: a status and a viewport only from the map cells'
 * postings (fine-cells.ts), or each listing tested once when the box covers every cell and
 * that is sooner; otherwise candidates from the narrowest postings the criteria allow (keyword
 * words intersected; else a city or zip list, or the grid cells of the region; else every slot),
 * then each candidate through the checks of criteria-match.ts, written over the columns with the
 * same comparisons in the same float arithmetic. Every path runs in `time`'s slices (and
 * firstOf after it in the same): a country-wide map's pins at 1M listings are a pass of
 * milliseconds too.
 */
export async function matchAll(cols: ListingColumns, c: SearchCriteria, time = new Slices()): Promise<Matches> {
  if (viewportOnly(c)) {
    const g = groupOf(c);
    return c.box && cols.fine.scanSooner(g, c.box, cols.count) ? inBoxOf(cols, g, c.box, time) : cols.fine.matches(g, c.box, cols.f.lat, cols.f.lng, time);
  }
  if (c.polygons && c.keywords.length === 0) return inPolygonsOf(cols, c, time);
  const source = candidatesOf(cols, c);
  const out = { slots: new Int32Array(Math.min(source === 'all' ? cols.count : source.n, 1024)), n: 0 };
  await keep(cols, source, filtersOf(cols, c), out, time);
  return out;
}

/**
 * Drawn polygons through the map cells (polygon-cells.ts): a cell wholly inside a polygon gives
 * its listings without the point test, a cell an edge crosses has each listing tested, and the
 * cells no polygon reaches are not read. The other criteria are checked on every one.
 */
async function inPolygonsOf(cols: ListingColumns, c: SearchCriteria, time: Slices): Promise<Matches> {
  const g = groupOf(c);
  const cells = new PolygonCells(c.polygons!);
  const { sure, maybe } = await cols.fine.inPolygons(g, c.polygons!.map(boundsOf), (y, x) => cells.place(y, x), time);
  const out = { slots: new Int32Array(Math.min(sure.n + maybe.n, 1024)), n: 0 };
  await keep(cols, sure, filtersOf(cols, c, false), out, time);
  await keep(cols, maybe, filtersOf(cols, c), out, time);
  return out;
}

/**
 * Appends to `out` each slot of `source` (or every slot) that passes every filter: a chunk of
 * candidates at a time through each filter in turn, in `time`'s slices.
 */
async function keep(cols: ListingColumns, source: Matches | 'all', filters: Filter[], out: { slots: Int32Array; n: number }, time: Slices): Promise<void> {
  const all = source === 'all';
  const total = all ? cols.count : source.n;
  // The chunk is this call's own: another search runs while this one pauses.
  const chunk = new Int32Array(Math.min(SLICE_EVERY, total));
  for (let from = 0; from < total; from += SLICE_EVERY) {
    if (from > 0 && time.due()) await time.pause();
    const to = Math.min(total, from + SLICE_EVERY);
    let n = to - from;
    if (all) for (let j = 0; j < n; j++) chunk[j] = from + j;
    else chunk.set(source.slots.subarray(from, to));
    for (let k = 0; k < filters.length && n > 0; k++) n = filters[k]!(chunk, n);
    if (out.n + n > out.slots.length) {
      const grown = new Int32Array(Math.max(1024, out.slots.length * 2, out.n + n));
      grown.set(out.slots.subarray(0, out.n));
      out.slots = grown;
    }
    out.slots.set(chunk.subarray(0, n), out.n);
    out.n += n;
  }
}

/** A status group's listings in a box, each tested once: two comparisons a coordinate (a missing point's NaN fails them). */
async function inBoxOf(cols: ListingColumns, g: number, box: Box, time: Slices): Promise<Matches> {
  const { lat, lng } = cols.f;
  const grp = cols.u.grp;
  const { minLat, maxLat, minLng, maxLng } = box;
  let out = new Int32Array(1024);
  let n = 0;
  // A plain loop for each run between two looks at the clock: an awaiting loop runs slower.
  const scan = (from: number, to: number) => {
    for (let s = from; s < to; s++) {
      if (grp[s] !== g) continue;
      const a = lat[s]!;
      const b = lng[s]!;
      if (!(a >= minLat && a <= maxLat && b >= minLng && b <= maxLng)) continue;
      if (n === out.length) {
        const grown = new Int32Array(n * 2);
        grown.set(out);
        out = grown;
      }
      out[n++] = s;
    }
  };
  for (let from = 0; from < cols.count; from += SLICE_EVERY) {
    if (from > 0 && time.due()) await time.pause();
    scan(from, Math.min(cols.count, from + SLICE_EVERY));
  }
  return { slots: out, n };
}

function candidatesOf(cols: ListingColumns, c: SearchCriteria): Matches | 'all' {
  const words = [...new Set(c.keywords.flat())];
  if (words.length > 0) return wordsMatching(cols, words);
  const options: { size: number; lists: () => IntList[] }[] = [];
  const unionOf = (lists: (IntList | undefined)[]) => {
    const found = lists.filter((l): l is IntList => l !== undefined);
    return { size: found.reduce((n, l) => n + l.length, 0), lists: () => found };
  };
  for (const list of c.cities) options.push(unionOf([...new Set(list)].map((name) => cols.cities.get(cols.idOf(name)))));
  for (const list of c.zips) options.push(unionOf([...new Set(list)].map((zip) => cols.zips.get(cols.idOf(zip)))));
  const cells = cellsOf(c);
  if (cells) options.push(unionOf(cells.map((key) => cols.grid.get(key))));
  if (options.length === 0) return 'all';
  const best = options.reduce((a, b) => (b.size < a.size ? b : a));
  if (best.size > cols.count / 2) return 'all';
  const out = new Int32Array(best.size);
  let n = 0;
  for (const list of best.lists()) {
    out.set(list.items.subarray(0, list.length), n);
    n += list.length;
  }
  return { slots: out, n };
}

/**
 * Polygons with more points than people draw (the limits' ten of 99, as an attacker sends them):
 * PostgreSQL tests them, in a process of its own under the search pool's statement timeout, one
 * connection per visitor, so that they cannot take this process's time from others
 * (tests/http/search-attack.int.spec.ts). Every other polygon, however wide, is answered here
 * through the map cells (inPolygonsOf).
 */
export const widePolygons = (c: SearchCriteria): boolean => c.polygons !== undefined && c.polygons.reduce((n, ring) => n + ring.length, 0) > MAX_POLYGON_POINTS;
const MAX_POLYGON_POINTS = 200;

/** The grid cells (level 10) that hold every point of the criteria's region, one more all round; undefined if too many or no region. */
function cellsOf(c: SearchCriteria): number[] | undefined {
  const boxes: Box[] = [];
  if (c.box) boxes.push(c.box);
  else if (c.radius) boxes.push(boxAround(c.radius.center, c.radius.miles));
  else if (c.polygons) boxes.push(...c.polygons.map(boundsOf));
  if (boxes.length === 0) return undefined;
  const size = cellSize(CELL_LEVEL - GRID_SHIFT);
  const keys = new Set<number>();
  for (const b of boxes) {
    const y0 = Math.max(0, Math.floor((Math.max(-90, b.minLat) + 90) / size) - 1);
    const y1 = Math.min(512, Math.floor((Math.min(90, b.maxLat) + 90) / size) + 1);
    const x0 = Math.max(0, Math.floor((Math.max(-180, b.minLng) + 180) / size) - 1);
    const x1 = Math.min(1023, Math.floor((Math.min(180, b.maxLng) + 180) / size) + 1);
    if ((y1 - y0 + 1) * (x1 - x0 + 1) + keys.size > MAX_CELLS) return undefined;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) keys.add(gridKey(y << GRID_SHIFT, x << GRID_SHIFT));
  }
  return [...keys];
}

/** Slots holding every word: the shortest posting list, narrowed by each longer one in turn. */
function wordsMatching(cols: ListingColumns, words: readonly string[]): Matches {
  const lists = words.map((w) => cols.words.get(w));
  if (lists.some((l) => l === undefined)) return { slots: new Int32Array(0), n: 0 };
  const sorted = (lists as IntList[]).sort((a, b) => a.length - b.length);
  let n = sorted[0]!.length;
  const out = sorted[0]!.items.slice(0, n);
  if (scratch.stamps.length < cols.count) scratch.stamps = new Uint32Array(Math.max(1024, cols.count * 2));
  const stamps = scratch.stamps;
  for (let k = 1; k < sorted.length && n > 0; k++) {
    const epoch = ++scratch.epoch;
    const list = sorted[k]!;
    for (let j = 0; j < list.length; j++) stamps[list.items[j]!] = epoch;
    let kept = 0;
    for (let j = 0; j < n; j++) if (stamps[out[j]!] === epoch) out[kept++] = out[j]!;
    n = kept;
  }
  return { slots: out, n };
}

/**
 * compile() of criteria-match.ts over the columns, as filters run a column at a time
 * (slot-filters.ts), the status group first: null (NaN) compares as nothing, as in SQL.
 */
function filtersOf(cols: ListingColumns, c: SearchCriteria, polygons = true): Filter[] {
  const { f, i, u } = cols;
  const { price, beds, baths, sqft, lat, lng, ux, uy, uz, openHouseUntil } = f;
  const filters: Filter[] = [byteIs(u.grp, groupOf(c))];
  const { minPrice, maxPrice, minBeds, minBaths, minSqft, maxSqft } = c;
  // One range a column: a bound not given is ±Infinity, which every number passes and a null fails as the given bound does.
  if (minPrice !== undefined || maxPrice !== undefined) filters.push(inRange(price, minPrice ?? -Infinity, maxPrice ?? Infinity));
  if (minBeds !== undefined) filters.push(inRange(beds, minBeds, Infinity));
  if (minBaths !== undefined) filters.push(inRange(baths, minBaths, Infinity));
  if (minSqft !== undefined || maxSqft !== undefined) filters.push(inRange(sqft, minSqft ?? -Infinity, maxSqft ?? Infinity));
  if (c.box) filters.push(inBox(lat, lng, c.box));
  const ids = (list: readonly string[]) => new Set(list.map((v) => cols.idOf(v)));
  for (const list of c.cities) filters.push(oneOf(i.cityKey, ids(list)));
  for (const county of c.counties) filters.push(oneOf(i.countyKey, new Set([cols.idOf(county)])));
  for (const list of c.zips) filters.push(oneOf(i.zip5, ids(list)));
  if (c.types)
    filters.push(
      anyBits(
        u.kinds,
        c.types.reduce((b, t) => b | TYPE_BITS[t], 0),
      ),
    );
  if (c.waterfront) filters.push(byteIs(u.waterfront, 2));
  if (c.view) filters.push(byteIs(u.view, 2));
  if (c.pool) filters.push(byteIs(u.pool, 2));
  if (c.newConstruction) filters.push(byteIs(u.newConstruction, 2));
  if (c.priceReduced) filters.push(byteIs(u.priceReduced, 2));
  // Decided at the time of the query, as whereSql decides.
  if (c.openHouse) filters.push(above(openHouseUntil, Date.now()));
  for (const list of c.mlsids) {
    // Rare (what the MLS-number suggestion sets): the key is made from the number as it is tested.
    const want = new Set(list);
    filters.push(
      eachSlot((x) => {
        const id = cols.texts.listingId(x);
        return id !== null && want.has(normalizeName(id)!);
      }),
    );
  }
  if (c.radius) {
    const [x0, y0, z0] = unitVector(c.radius.center);
    const max = chord2OfMiles(c.radius.miles);
    filters.push(inBox(lat, lng, boxAround(c.radius.center, c.radius.miles)));
    filters.push(
      eachSlot((x) => {
        const dx = ux[x]! - x0;
        const dy = uy[x]! - y0;
        const dz = uz[x]! - z0;
        return dx * dx + dy * dy + dz * dz <= max;
      }),
    );
  }
  if (c.polygons && polygons) {
    const rings = c.polygons.map(ringOf);
    const within = (x: number, b: Box) => lat[x]! >= b.minLat && lat[x]! <= b.maxLat && lng[x]! >= b.minLng && lng[x]! <= b.maxLng;
    filters.push(inBox(lat, lng, boundsOf(c.polygons.flat())));
    filters.push(eachSlot((x) => rings.some((ring) => within(x, ring.bounds) && pointInRing(lat[x]!, lng[x]!, ring))));
  }
  return filters;
}

/**
 * A listing's place in the sort as one number, smaller first; equal numbers go by pdid in byte
 * order. A null (NaN) sorts last whatever the direction, as orderSql's NULLS LAST does.
 */
export type SortKey = (slot: number) => number;

const LAST = Infinity;

/** Ascending, or descending when `desc`; nulls last. */
const byNumber =
  (v: Float64Array, desc: boolean): SortKey =>
  (s) => {
    const x = v[s]!;
    return x !== x ? LAST : desc ? -x : x;
  };

/** The sort of orderSql as a key a listing: the matches are weighed once each, not compared in pairs. */
export function sortKeyOf(cols: ListingColumns, c: SearchCriteria): SortKey {
  switch (c.sort) {
    case 'newest': {
      const rank = cols.rankOfStrings();
      const date = cols.i.sortDate;
      // The newest first; a listing without a date after every dated one.
      return (s) => {
        const d = date[s]!;
        return d < 0 ? 1 : -rank[d]!;
      };
    }
    case 'price-asc':
      return byNumber(cols.f.price, false);
    case 'price-desc':
      return byNumber(cols.f.price, true);
    case 'beds-desc':
      return byNumber(cols.f.beds, true);
    case 'sqft-desc':
      return byNumber(cols.f.sqft, true);
    case 'nearest': {
      if (!c.origin) throw new Error('nearest needs an origin');
      const [x0, y0, z0] = unitVector(c.origin);
      const { ux, uy, uz } = cols.f;
      return (s) => {
        const dx = ux[s]! - x0;
        const dy = uy[s]! - y0;
        const dz = uz[s]! - z0;
        const d = dx * dx + dy * dy + dz * dz;
        return d !== d ? LAST : d;
      };
    }
  }
}

/**
 * The first `k` of the matches in sort order (only those with a point when `placed`): a bounded
 * heap, not a sort of them all, in `time`'s slices as the matching was (a country-wide map's
 * pins are chosen from every match).
 */
export async function firstOf(cols: ListingColumns, m: Matches, key: SortKey, k: number, placed: boolean, time?: Slices): Promise<number[]> {
  if (k <= 0) return [];
  const first = new FirstK(cols, key, k, placed);
  for (let from = 0; from < m.n; from += SLICE_EVERY) {
    if (time && from > 0 && time.due()) await time.pause();
    first.offerAll(m.slots, from, Math.min(m.n, from + SLICE_EVERY));
  }
  return first.inOrder();
}

/**
 * The best `k` slots offered so far by a sort key (only those with a point when `placed`), as a
 * max-heap of keys beside slots whose root is the worst kept: each offer is weighed once and set
 * against that root by its number, so tens of thousands of offers cost a look each. A map reads
 * its viewport's cells once and offers their listings here as it counts them (FineCells.summary).
 */
export class FirstK {
  private readonly keys: Float64Array;
  private readonly slots: Int32Array;
  private size = 0;
  private readonly ux: Float64Array;
  private readonly lat: Float64Array;
  private readonly lng: Float64Array;
  private readonly texts: ListingColumns['texts'];
  /** The map cells offered while runs are kept (offerCell), each run with the box its slots must lie in (a cell the box's edges cross). */
  private readonly cells: { run: Int32Array; box: Box | undefined }[] = [];

  /**
   * `runs`: runs of slots kept in this key's order (FineCells.runsOf: for a sort whose key is the
   * same for every query, not `nearest`), made on a run's first offer: map cells offered with
   * runs are merged in this key's order (inOrder), each read only as far as its slots are kept.
   */
  constructor(
    cols: ListingColumns,
    private readonly key: SortKey,
    private readonly k: number,
    private readonly placed: boolean,
    private readonly runs?: Map<number, Int32Array>,
  ) {
    this.keys = new Float64Array(Math.max(0, k));
    this.slots = new Int32Array(Math.max(0, k));
    this.ux = cols.f.ux;
    this.lat = cols.f.lat;
    this.lng = cols.f.lng;
    this.texts = cols.texts;
  }

  /** Offers items[from..to). */
  offerAll(items: Int32Array, from: number, to: number): void {
    for (let j = from; j < to; j++) this.offer(items[j]!);
  }

  /** Whether map cells are merged in this key's order (FineCells: offerCell) rather than offered a slot at a time. */
  get merges(): boolean {
    return this.runs !== undefined;
  }

  /**
   * Offers the slots of a map cell or block, slots[0..n) (each with a point; within `box` only, for a
   * cell the box's edges cross; a function gathers them when they are needed). With runs, the cell's run in this key's order (numbered `id`, made on
   * its first call) is kept for inOrder's merge, which reads each run only as far as its slots are
   * among the first k; without, each slot is offered to the heap.
   */
  offerCell(slots: Int32Array | (() => Int32Array), n: number, id: number, box?: Box): void {
    if (this.k <= 0) return;
    if (!this.runs) {
      const items = typeof slots === 'function' ? slots() : slots;
      for (let j = 0; j < n; j++) {
        const s = items[j]!;
        if (!box || this.inBox(s, box)) this.offerPlaced(s);
      }
      return;
    }
    this.cells.push({ run: this.runOf(slots, n, id), box });
  }

  /**
   * The slots in this key's order: the run numbered `id`, made on its first call and kept from a
   * cell of four slots on. `slots` as a function is called only when the run is made (a group of
   * cells gathers its slots from each).
   */
  private runOf(slots: Int32Array | (() => Int32Array), n: number, id: number): Int32Array {
    const itemsOf = () => (typeof slots === 'function' ? slots() : slots);
    if (n < 4) return this.smallRun(itemsOf(), n);
    let run = this.runs!.get(id);
    if (run?.length !== n) {
      const items = itemsOf();
      // Each key taken once, then the slots sorted by it (ties by pdid).
      const keyed = new Float64Array(n);
      for (let j = 0; j < n; j++) keyed[j] = this.key(items[j]!);
      const at = Int32Array.from({ length: n }, (_, j) => j).sort((a, b) => keyed[a]! - keyed[b]! || this.texts.comparePdids(items[a]!, items[b]!));
      run = at.map((j) => items[j]!);
      this.runs!.set(id, run);
    }
    return run;
  }

  /** A cell of a few slots in this key's order, by insertion (kept nowhere: a run of its own costs more than sorting it). */
  private smallRun(items: Int32Array, n: number): Int32Array {
    const run = new Int32Array(n);
    const keys = [0, 0, 0];
    for (let j = 0; j < n; j++) {
      const s = items[j]!;
      const v = this.key(s);
      let i = j;
      for (; i > 0 && (keys[i - 1]! > v || (keys[i - 1] === v && this.texts.comparePdids(run[i - 1]!, s) > 0)); i--) {
        keys[i] = keys[i - 1]!;
        run[i] = run[i - 1]!;
      }
      keys[i] = v;
      run[i] = s;
    }
    return run;
  }

  private inBox(s: number, box: Box): boolean {
    const a = this.lat[s]!;
    const b = this.lng[s]!;
    return a >= box.minLat && a <= box.maxLat && b >= box.minLng && b <= box.maxLng;
  }

  /** Offers a slot: false when the heap is full and the slot comes after its worst. */
  offer(slot: number): boolean {
    if (this.k <= 0) return false;
    if (this.placed && this.ux[slot] !== this.ux[slot]) return true;
    return this.offerPlaced(slot);
  }

  /** Offers a slot known to have a point (a map cell's): false when the heap is full and the slot comes after its worst. */
  offerPlaced(slot: number): boolean {
    if (this.k <= 0) return false;
    const v = this.key(slot);
    const keys = this.keys;
    const slots = this.slots;
    if (this.size < this.k) {
      keys[this.size] = v;
      slots[this.size] = slot;
      for (let at = this.size++; at > 0;) {
        const parent = (at - 1) >> 1;
        if (!this.later(at, parent)) break;
        this.swap(at, parent);
        at = parent;
      }
    } else if (v < keys[0]! || (v === keys[0] && this.texts.comparePdids(slot, slots[0]!) < 0)) {
      keys[0] = v;
      slots[0] = slot;
      for (let at = 0; ;) {
        const l = 2 * at + 1;
        const r = l + 1;
        let top = at;
        if (l < this.size && this.later(l, top)) top = l;
        if (r < this.size && this.later(r, top)) top = r;
        if (top === at) break;
        this.swap(at, top);
        at = top;
      }
    } else return false;
    return true;
  }

  /** The slots kept, best first: those of the heap, and the first k of the cells' runs (offerCell) merged with them. */
  inOrder(): number[] {
    const { keys, slots, texts } = this;
    // One subtraction a comparison; equal keys (two missing ones among them: ∞ − ∞ is NaN) by pdid.
    const kept = Array.from({ length: this.size }, (_, i) => i).sort((i, j) => keys[i]! - keys[j]! || texts.comparePdids(slots[i]!, slots[j]!));
    const heap = kept.map((i) => slots[i]!);
    if (this.cells.length === 0) return heap;
    return this.merged(heap.length > 0 ? [...this.cells, { run: Int32Array.from(heap), box: undefined }] : this.cells);
  }

  /**
   * The first k slots of the cells' runs in this key's order: a heap of the runs by their next slot
   * (in its box), whose best is taken and its run moved on. A metro view's pins come from about a
   * hundred and fifty cells in about a hundred steps of the heap, where offering each cell's run to
   * the heap of kept slots until it refused took several hundred, and a sort after.
   */
  private merged(cells: readonly { run: Int32Array; box: Box | undefined }[]): number[] {
    const { key, texts } = this;
    const m = cells.length;
    const at = new Int32Array(m).fill(-1);
    const headKey = new Float64Array(m);
    const headSlot = new Int32Array(m);
    // Moves run r to its next slot in its box: false when it has none left.
    const advance = (r: number): boolean => {
      const { run, box } = cells[r]!;
      for (let j = at[r]! + 1; j < run.length; j++) {
        const s = run[j]!;
        if (box && !this.inBox(s, box)) continue;
        at[r] = j;
        headSlot[r] = s;
        headKey[r] = key(s);
        return true;
      }
      return false;
    };
    const before = (a: number, b: number) => headKey[a]! < headKey[b]! || (headKey[a] === headKey[b] && texts.comparePdids(headSlot[a]!, headSlot[b]!) < 0);
    const heap = new Int32Array(m);
    let size = 0;
    const down = (from: number) => {
      for (let i = from; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < size && before(heap[l]!, heap[top]!)) top = l;
        if (r < size && before(heap[r]!, heap[top]!)) top = r;
        if (top === i) return;
        const t = heap[i]!;
        heap[i] = heap[top]!;
        heap[top] = t;
        i = top;
      }
    };
    for (let r = 0; r < m; r++) if (advance(r)) heap[size++] = r;
    for (let i = (size >> 1) - 1; i >= 0; i--) down(i);
    const out: number[] = [];
    while (out.length < this.k && size > 0) {
      const r = heap[0]!;
      out.push(headSlot[r]!);
      if (!advance(r)) heap[0] = heap[--size]!;
      down(0);
    }
    return out;
  }

  private later(i: number, j: number): boolean {
    const keys = this.keys;
    return keys[i]! > keys[j]! || (keys[i] === keys[j] && this.texts.comparePdids(this.slots[i]!, this.slots[j]!) > 0);
  }

  private swap(i: number, j: number): void {
    const keys = this.keys;
    const slots = this.slots;
    const kk = keys[i]!;
    keys[i] = keys[j]!;
    keys[j] = kk;
    const ss = slots[i]!;
    slots[i] = slots[j]!;
    slots[j] = ss;
  }
}

/** Bounds and clusters (cluster-sums.ts) of the matches with a point, in one pass. */
export function mapOf(cols: ListingColumns, m: Matches, clusterLevel: number, box: Box | undefined): { bounds: Box | null; clusters: Cluster[] } {
  const { lat, lng, ux } = cols.f;
  const { cy, cx } = cols.i;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  const sums = new ClusterSums(clusterLevel, box);
  for (let j = 0; j < m.n; j++) {
    const s = m.slots[j]!;
    if (ux[s] !== ux[s]) continue;
    const a = lat[s]!;
    const b = lng[s]!;
    if (a < minLat) minLat = a;
    if (a > maxLat) maxLat = a;
    if (b < minLng) minLng = b;
    if (b > maxLng) maxLng = b;
    sums.add(cy[s]!, cx[s]!, a, b);
  }
  return { bounds: minLat === Infinity ? null : { minLat, maxLat, minLng, maxLng }, clusters: sums.clusters() };
}

export function pinOf(cols: ListingColumns, slot: number): Pin {
  const p = cols.f.price[slot]!;
  return {
    pdid: cols.pdidOf(slot)!,
    latitude: cols.f.lat[slot]!,
    longitude: cols.f.lng[slot]!,
    price: p === p ? p : null,
    locationApproximate: cols.u.locationApproximate[slot] === 2,
  };
}
