import { CELL_LEVEL, cellOf } from '../geo';
import { FINE, inside as rowsInside } from '../postgres/viewport-aggregates';
import type { Box } from '../search-criteria';
import type { Cluster } from '../search-index.port';
import { ClusterSums } from './cluster-sums';
import { Postings } from './int-list';
import type { CellPlace } from './polygon-cells';

/** Level-20 rows and columns to level-12 (FINE) ones: a shift, as the cell counts of PostgreSQL are made. */
const SHIFT = CELL_LEVEL - FINE;
/** Level-12 columns run 0 to 4,096 (longitude 180 included): keys leave room for one more. */
const ROW = 8192;
const LAST_ROW = 2 ** (FINE - 1);
const LAST_COLUMN = 2 ** FINE;
// A point on a cell's edge may round into either cell: the cells looked at reach this far past the box.
const SLACK = 1e-9;

/**
 * Below this many listings a non-empty cell, on average, a map sums no cells: one pass over the
 * matches (memory-query.ts's mapOf) reads fewer things than a cell's count, sums and cluster do.
 * A box wider than the group's cells walks every cell (a country-wide map, where cells hold one or
 * two listings each), dearer than looking up the cells a smaller box covers: it needs more.
 * Measured with the search bench's map steps.
 */
const DENSE = 2;
const DENSE_WALKED = 4;
const WALK = 8;

/** Slots read between two looks at the clock. */
const SLICE_SLOTS = 1024;

/** memory-query.ts's Slices: whether a slice is spent, and a pause that lets the event loop serve others (or gives up past a budget). */
type TimeSlices = { due(): boolean; pause(): Promise<void> };

/** Where a map's pins are chosen (memory-query.ts's FirstK). */
type Pins = {
  readonly merges: boolean;
  offerPlaced(slot: number): boolean;
  offerCell(items: Int32Array | (() => Int32Array), n: number, run: number, box?: Box): void;
};

/** The level-12 rows and columns a box touches. */
type Area = { readonly y0: number; readonly x0: number; readonly rows: number; readonly columns: number };

/** The non-empty cells of a group a box touches, in the order visited, and whether each lies wholly inside the box. */
export type CellsInBox = { readonly cells: number[]; readonly inside: boolean[] };

/** Slots in no order (memory-query.ts's Matches). */
type Slots = { readonly slots: Int32Array; readonly n: number };

export const fineKey = (cy: number, cx: number): number => (cy >> SHIFT) * ROW + (cx >> SHIFT);

/** A status group's cell as one number (groups run 1 to 4). */
const runKey = (grp: number, cell: number): number => cell * 8 + grp;

/**
 * Blocks of 4 × 4 cells (level 10, a town): a map whose clusters are that size or larger (a metro
 * view) reads a block wholly inside its box as one count, one sum and one run of pins, not as up
 * to sixteen cells. Block keys lie above every cell key (cells' keys stay under 2^24).
 */
const BLOCK_SHIFT = 2;
const BLOCK_LEVEL = FINE - BLOCK_SHIFT;
const BLOCK_BASE = 2 ** 25;
const blockOf = (cell: number): number => {
  const y = Math.floor(cell / ROW);
  return BLOCK_BASE + (y >> BLOCK_SHIFT) * ROW + ((cell - y * ROW) >> BLOCK_SHIFT);
};
type Sum = { n: number; lat: number; lng: number };

/**
 * Slots by status group and level-12 map cell (0.088°, a neighbourhood), and each group's
 * slots without a point: what a status-and-viewport search (most map moves) asks for, found
 * without testing a listing. Cells wholly inside the box give all their slots; only the thin band
 * of cells the box's edges cross has its listings tested against the box.
 */
export class FineCells {
  private readonly placed: Postings<number>[] = [];
  /** Each cell's sum of latitudes and of longitudes, by status group: clusters' mean positions without a listing read. */
  private readonly sums: Map<number, { lat: number; lng: number }>[] = [];
  /** Each block's count and sums of latitudes and longitudes, by status group. */
  private readonly blocks: Map<number, Sum>[] = [];
  /** A block's slots gathered from its cells (`blockSlots`), reused: a run is made from them at once. */
  private gathered = new Int32Array(1024);
  private readonly unplaced = new Postings<number>();
  /** Each group's listings with a point. */
  private readonly counts: number[] = [];

  /**
   * Each cell's slots in a sort's order (memory-query.ts's FirstK.offerCell), by sort name and
   * then runKey: made when a map first offers the cell's slots for that sort, dropped when a slot
   * of the cell is added, removed or rewritten (`touch`). A map's pins are then read from each
   * cell's best few instead of every listing in the box.
   */
  private readonly orders = new Map<string, Map<number, Int32Array>>();

  /**
   * Each cell's points as [lat, lng, lat, lng...] in its slots' order, then their extent (minLat,
   * maxLat, minLng, maxLng), by runKey: made when a map first reads the cell's listings' points
   * (an edge cell, or one of the outermost whole cells for the bounds), dropped with its runs
   * (`touch`). The cell's listings are then read in order from one short array, not each from
   * a column of a million (a cache miss a listing), and a whole cell's bounds without them.
   */
  private readonly points = new Map<number, Float64Array>();

  private pointsOf(grp: number, cell: number, items: Int32Array, n: number, lat: Float64Array, lng: Float64Array): Float64Array {
    const key = runKey(grp, cell);
    let xy = this.points.get(key);
    if (xy?.length !== 2 * n + 4) {
      xy = new Float64Array(2 * n + 4);
      let [minLat, maxLat, minLng, maxLng] = [Infinity, -Infinity, Infinity, -Infinity];
      for (let k = 0; k < n; k++) {
        const a = (xy[2 * k] = lat[items[k]!]!);
        const b = (xy[2 * k + 1] = lng[items[k]!]!);
        if (a < minLat) minLat = a;
        if (a > maxLat) maxLat = a;
        if (b < minLng) minLng = b;
        if (b > maxLng) maxLng = b;
      }
      xy.set([minLat, maxLat, minLng, maxLng], 2 * n);
      this.points.set(key, xy);
    }
    return xy;
  }

  runsOf(sort: string): Map<number, Int32Array> {
    let runs = this.orders.get(sort);
    if (!runs) this.orders.set(sort, (runs = new Map()));
    return runs;
  }

  /** A listing of the cell changed (its price, its date): the cell's runs in sort order are made again when next read. */
  touch(grp: number, cell: number): void {
    const block = runKey(grp, blockOf(cell));
    for (const runs of this.orders.values()) {
      runs.delete(runKey(grp, cell));
      runs.delete(block);
    }
    this.points.delete(runKey(grp, cell));
  }

  /** Adds a listing's point to its block's count and sums (`n` -1 and a negated point take it away). */
  private toBlock(grp: number, cell: number, n: number, lat: number, lng: number): void {
    const blocks = (this.blocks[grp] ??= new Map());
    const key = blockOf(cell);
    const sum = blocks.get(key);
    if (!sum) blocks.set(key, { n, lat, lng });
    else if (sum.n + n === 0) blocks.delete(key);
    else {
      sum.n += n;
      sum.lat += lat;
      sum.lng += lng;
    }
  }

  /** The slots of a block's cells, in one reused array. */
  private blockSlots(grp: number, block: number, n: number): Int32Array {
    if (this.gathered.length < n) this.gathered = new Int32Array(Math.max(n, 2 * this.gathered.length));
    const out = this.gathered;
    const cells = this.placed[grp]!;
    const y0 = Math.floor((block - BLOCK_BASE) / ROW) << BLOCK_SHIFT;
    const x0 = ((block - BLOCK_BASE) % ROW) << BLOCK_SHIFT;
    let at = 0;
    for (let y = y0; y < y0 + (1 << BLOCK_SHIFT); y++)
      for (let x = x0; x < x0 + (1 << BLOCK_SHIFT); x++)
        cells.each(y * ROW + x, (items, k) => {
          out.set(items.subarray(0, k), at);
          at += k;
        });
    return out;
  }

  private of(grp: number): Postings<number> {
    return (this.placed[grp] ??= new Postings<number>());
  }

  /** Status group 0 is found by no search: it is kept nowhere. `cell` undefined: no point. */
  add(grp: number, cell: number | undefined, slot: number, lat: number, lng: number): void {
    if (grp === 0) return;
    if (cell === undefined) return this.unplaced.add(grp, slot);
    this.touch(grp, cell);
    this.of(grp).add(cell, slot);
    this.counts[grp] = (this.counts[grp] ?? 0) + 1;
    this.toBlock(grp, cell, 1, lat, lng);
    const sums = (this.sums[grp] ??= new Map());
    const sum = sums.get(cell);
    if (sum) {
      sum.lat += lat;
      sum.lng += lng;
    } else sums.set(cell, { lat, lng });
  }

  remove(grp: number, cell: number | undefined, slot: number, lat: number, lng: number): void {
    if (grp === 0) return;
    if (cell === undefined) return this.unplaced.remove(grp, slot);
    this.touch(grp, cell);
    const cells = this.of(grp);
    const before = cells.size(cell);
    cells.remove(cell, slot);
    if (cells.size(cell) < before) {
      this.counts[grp]!--;
      this.toBlock(grp, cell, -1, -lat, -lng);
    }
    const sums = this.sums[grp]!;
    // An empty cell goes, with whatever the float sums kept of its last listings.
    if (cells.size(cell) === 0) sums.delete(cell);
    else {
      const sum = sums.get(cell)!;
      sum.lat -= lat;
      sum.lng -= lng;
    }
  }

  /** A listing moved within its cell (a corrected point): only the cell's sums change. */
  shift(grp: number, cell: number, dLat: number, dLng: number): void {
    const sum = this.sums[grp]?.get(cell);
    if (!sum) return;
    sum.lat += dLat;
    sum.lng += dLng;
    this.toBlock(grp, cell, 0, dLat, dLng);
  }

  /**
   * The cells a map of a status group in a box reads (see `cellsIn`) when it is cheaper from their
   * counts and sums than from one pass over its matches, else undefined: cheaper when the cells it
   * covers hold DENSE listings or more each. A box over fewer cells than the group has counts them
   * as it finds them (a lookup a cell); a wider one (the whole country) is judged by the group's
   * listings a non-empty cell, against DENSE_WALKED.
   */
  denseCells(grp: number, box: Box | undefined): CellsInBox | undefined {
    const cells = this.placed[grp];
    if (!cells || cells.keyCount === 0) return { cells: [], inside: [] };
    const area = box ? this.area(box) : undefined;
    if (!box || !area || area.rows * area.columns > cells.keyCount)
      return (this.counts[grp] ?? 0) >= DENSE_WALKED * cells.keyCount ? this.cellsIn(grp, box) : undefined;
    let listings = 0;
    const found: CellsInBox = { cells: [], inside: [] };
    this.visitArea(cells, box, area, (key, inside, n) => {
      listings += n;
      found.cells.push(key);
      found.inside.push(inside);
    });
    return listings >= DENSE * found.cells.length ? found : undefined;
  }

  /**
   * Whether a box's matches are found sooner by testing every listing than from the cells: when
   * the box covers more cells than the group fills (its every cell is walked, a country-wide map)
   * and those cells are more than an eighth of all `listings` (a walked cell costs about eight
   * tests of a listing's status and point).
   */
  scanSooner(grp: number, box: Box | undefined, listings: number): boolean {
    const cells = this.placed[grp];
    if (!cells || !box || cells.keyCount * WALK < listings) return false;
    const area = this.area(box);
    return area !== undefined && area.rows * area.columns > cells.keyCount;
  }

  /** The level-12 rows and columns a box touches (undefined when none). */
  private area(box: Box): Area | undefined {
    const y0 = Math.max(0, cellOf(box.minLat + 90 - SLACK, FINE));
    const y1 = Math.min(LAST_ROW, cellOf(box.maxLat + 90 + SLACK, FINE));
    const x0 = Math.max(0, cellOf(box.minLng + 180 - SLACK, FINE));
    const x1 = Math.min(LAST_COLUMN, cellOf(box.maxLng + 180 + SLACK, FINE));
    return y1 < y0 || x1 < x0 ? undefined : { y0, x0, rows: y1 - y0 + 1, columns: x1 - x0 + 1 };
  }

  /**
   * Total, bounds and clusters (at `level`; finer than FINE, `pointSummary`) of a status group in a box, from the
   * cells, and each listing in the box offered to `pins` (memory-query.ts's FirstK) in the same
   * pass: a cell wholly inside adds its count and sums and offers its slots untested (for clusters
   * of level 10 or coarser, a block of 4 × 4 cells wholly inside does so once for all its cells);
   * only the listings of the cells the box's edges cross are tested against it (each cell's summed
   * before they join its cluster), and those of the outermost
   * rows and columns read for the bounds (a point's cell number grows with its coordinate, so the
   * southernmost match lies in the southernmost row). Without a box the group's listings without
   * a point are counted too (never pins). The cells are gathered first, then read in `time`'s
   * slices (a country-wide map's are many).
   */
  async summary(
    grp: number,
    box: Box | undefined,
    level: number,
    lat: Float64Array,
    lng: Float64Array,
    pins?: Pins,
    time?: TimeSlices,
    within: CellsInBox = this.cellsIn(grp, box),
  ): Promise<{ total: number; bounds: Box | null; clusters: Cluster[] }> {
    if (level > FINE) return this.pointSummary(grp, box, level, lat, lng, pins, time, within);
    const cells = this.placed[grp];
    const sums = this.sums[grp];
    const shift = FINE - level;
    const clusters = new Map<number, { n: number; lat: number; lng: number }>();
    const into = (key: number, n: number, sLat: number, sLng: number) => {
      const c = clusters.get(key);
      if (c) {
        c.n += n;
        c.lat += sLat;
        c.lng += sLng;
      } else clusters.set(key, { n, lat: sLat, lng: sLng });
    };
    const clusterOf = (cell: number) => {
      const y = Math.floor(cell / ROW);
      return (y >> shift) * ROW + ((cell - y * ROW) >> shift);
    };
    let total = box ? 0 : this.unplaced.size(grp);
    const { cells: found, inside } = within;
    const whole: number[] = [];
    const edge = { minLat: Infinity, maxLat: -Infinity, minLng: Infinity, maxLng: -Infinity };
    let read = 0;
    // Clusters of a block or larger: a block wholly inside the box is read once, as one.
    const blockWhole = level <= BLOCK_LEVEL ? this.blockWholeIn(box) : undefined;
    const blocks = this.blocks[grp];
    const blocksRead = new Set<number>();
    for (let j = 0; j < found.length; j++) {
      const cell = found[j]!;
      if (inside[j] && blockWhole?.(cell)) {
        whole.push(cell);
        const block = blockOf(cell);
        if (!blocksRead.has(block)) {
          blocksRead.add(block);
          const sum = blocks!.get(block)!;
          total += sum.n;
          read += sum.n;
          into(clusterOf(cell), sum.n, sum.lat, sum.lng);
          pins?.offerCell(() => this.blockSlots(grp, block, sum.n), sum.n, runKey(grp, block));
        }
      } else if (inside[j]) {
        const sum = sums!.get(cell)!;
        whole.push(cell);
        cells!.each(cell, (items, n) => {
          total += n;
          read += n;
          into(clusterOf(cell), n, sum.lat, sum.lng);
          pins?.offerCell(items, n, runKey(grp, cell));
        });
      } else {
        const key = clusterOf(cell);
        cells!.each(cell, (items, n) => {
          read += n;
          // Merged in sort order, the cell is offered whole (its slots in the box only) after the count.
          const slotwise = pins !== undefined && !pins.merges;
          const xy = this.pointsOf(grp, cell, items, n, lat, lng);
          // The cell's listings in the box summed first, then added to their cluster at once.
          let [inBox, sLat, sLng] = [0, 0, 0];
          for (let k = 0; k < n; k++) {
            const s = items[k]!;
            const a = xy[2 * k]!;
            const b = xy[2 * k + 1]!;
            if (box && !(a >= box.minLat && a <= box.maxLat && b >= box.minLng && b <= box.maxLng)) continue;
            inBox++;
            sLat += a;
            sLng += b;
            if (a < edge.minLat) edge.minLat = a;
            if (a > edge.maxLat) edge.maxLat = a;
            if (b < edge.minLng) edge.minLng = b;
            if (b > edge.maxLng) edge.maxLng = b;
            if (slotwise) pins.offerPlaced(s);
          }
          total += inBox;
          if (inBox > 0) into(key, inBox, sLat, sLng);
          if (pins?.merges) pins.offerCell(items, n, runKey(grp, cell), box);
        });
      }
      if (read >= SLICE_SLOTS) {
        read = 0;
        if (time?.due()) await time.pause();
      }
    }
    const bounds = wholeBounds(cells, whole, edge, (cell, items, n) => this.pointsOf(grp, cell, items, n, lat, lng));
    const out: Cluster[] = [...clusters.values()].map((c) => ({ latitude: c.lat / c.n, longitude: c.lng / c.n, count: c.n }));
    out.sort((a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude);
    return { total, bounds: bounds.minLat === Infinity ? null : bounds, clusters: out };
  }

  /**
   * `summary` at a level finer than the cells (a map zoomed past level 12): each listing of the
   * cells is read from its cell's points (one short array, not columns of a million) and counted
   * into its cluster; those of cells the box's edges cross only when in the box. Pins as `summary`
   * offers them. The same answer as matchAll and mapOf over the same listings, in the same order.
   */
  private async pointSummary(
    grp: number,
    box: Box | undefined,
    level: number,
    lat: Float64Array,
    lng: Float64Array,
    pins: Pins | undefined,
    time: TimeSlices | undefined,
    within: CellsInBox,
  ): Promise<{ total: number; bounds: Box | null; clusters: Cluster[] }> {
    const cells = this.placed[grp];
    const sums = new ClusterSums(level, box);
    const b = { minLat: Infinity, maxLat: -Infinity, minLng: Infinity, maxLng: -Infinity };
    let total = box ? 0 : this.unplaced.size(grp);
    let read = 0;
    const { cells: found, inside } = within;
    for (let j = 0; j < found.length; j++) {
      const cell = found[j]!;
      const edge = inside[j] ? undefined : box;
      cells!.each(cell, (items, n) => {
        read += n;
        const slotwise = pins !== undefined && !pins.merges;
        const xy = this.pointsOf(grp, cell, items, n, lat, lng);
        for (let k = 0; k < n; k++) {
          const a = xy[2 * k]!;
          const o = xy[2 * k + 1]!;
          if (edge && !(a >= edge.minLat && a <= edge.maxLat && o >= edge.minLng && o <= edge.maxLng)) continue;
          total++;
          // The point's level-20 cell, as geo.ts's cellsOf made the listing's.
          sums.add(cellOf(a + 90), cellOf(o + 180), a, o);
          if (a < b.minLat) b.minLat = a;
          if (a > b.maxLat) b.maxLat = a;
          if (o < b.minLng) b.minLng = o;
          if (o > b.maxLng) b.maxLng = o;
          if (slotwise) pins.offerPlaced(items[k]!);
        }
        if (pins?.merges) pins.offerCell(items, n, runKey(grp, cell), edge);
      });
      if (read >= SLICE_SLOTS) {
        read = 0;
        if (time?.due()) await time.pause();
      }
    }
    return { total, bounds: b.minLat === Infinity ? null : b, clusters: sums.clusters() };
  }

  /** Each non-empty cell of a group that a box touches, and whether it lies wholly inside (every cell when there is no box). */
  private visit(grp: number, box: Box | undefined, fn: (cell: number, inside: boolean) => void): void {
    const cells = this.placed[grp];
    if (!cells) return;
    if (!box) {
      for (const key of cells.keys()) fn(key, true);
      return;
    }
    const area = this.area(box);
    if (!area) return;
    // A country-wide box spans more cells than the group has listings in: its cells are walked instead.
    if (area.rows * area.columns > cells.keyCount) {
      const whole = this.wholeIn(box);
      const { y0, x0 } = area;
      const y1 = y0 + area.rows - 1;
      const x1 = x0 + area.columns - 1;
      for (const key of cells.keys()) {
        const y = Math.floor(key / ROW);
        const x = key - y * ROW;
        if (y >= y0 && y <= y1 && x >= x0 && x <= x1) fn(key, whole(y, x));
      }
    } else this.visitArea(cells, box, area, fn);
  }

  /** The cells a box touches, row by row, that hold listings: each with whether it lies wholly inside, and its count. */
  private visitArea(cells: Postings<number>, box: Box, area: Area, fn: (cell: number, inside: boolean, n: number) => void): void {
    const whole = this.wholeIn(box);
    for (let y = area.y0; y < area.y0 + area.rows; y++)
      for (let x = area.x0; x < area.x0 + area.columns; x++) {
        const key = y * ROW + x;
        const n = cells.size(key);
        if (n > 0) fn(key, whole(y, x), n);
      }
  }

  /** Whether a cell's block lies wholly inside a box (every block without one). */
  private blockWholeIn(box: Box | undefined): (cell: number) => boolean {
    if (!box) return () => true;
    const wy = rowsInside(box.minLat + 90, box.maxLat + 90, BLOCK_LEVEL);
    const wx = rowsInside(box.minLng + 180, box.maxLng + 180, BLOCK_LEVEL);
    return (cell) => {
      const y = Math.floor(cell / ROW);
      const by = y >> BLOCK_SHIFT;
      const bx = (cell - y * ROW) >> BLOCK_SHIFT;
      return by >= wy.lo && by <= wy.hi && bx >= wx.lo && bx <= wx.hi;
    };
  }

  /** Whether a cell lies wholly inside a box: every point in it does, whatever the rounding of its cell number. */
  private wholeIn(box: Box): (y: number, x: number) => boolean {
    const wy = rowsInside(box.minLat + 90, box.maxLat + 90, FINE);
    const wx = rowsInside(box.minLng + 180, box.maxLng + 180, FINE);
    return (y, x) => y >= wy.lo && y <= wy.hi && x >= wx.lo && x <= wx.hi;
  }

  /** Each non-empty cell of a group that a box touches (every cell without a box), in the order visited, and whether it lies wholly inside. */
  cellsIn(grp: number, box: Box | undefined): CellsInBox {
    const found: CellsInBox = { cells: [], inside: [] };
    this.visit(grp, box, (cell, wholly) => (found.cells.push(cell), found.inside.push(wholly)));
    return found;
  }

  /**
   * Offers `pins` every listing of a status group in a box, a cell at a time (memory-query.ts's
   * FirstK with runs, which merges the cells' runs in sort order): a cell wholly inside whole, a
   * cell the box's edges cross with its slots in the box only. The pins are those of offering
   * every match, from a few slots a cell.
   */
  async offerIn(grp: number, box: Box, pins: Pins, time: TimeSlices): Promise<void> {
    const cells = this.placed[grp];
    if (!cells) return;
    const { cells: found, inside } = this.cellsIn(grp, box);
    let read = 0;
    for (let j = 0; j < found.length; j++) {
      if (read >= SLICE_SLOTS) {
        read = 0;
        if (time.due()) await time.pause();
      }
      const cell = found[j]!;
      cells.each(cell, (items, n) => {
        read += n;
        pins.offerCell(items, n, runKey(grp, cell), inside[j] ? undefined : box);
      });
    }
  }

  /**
   * The slots of a status group in a box (inclusive on every side, as the criteria's box is), or
   * in the whole world with the group's listings without a point when there is no box; the
   * cells are gathered first, then read in `time`'s slices (a country-wide map's are many).
   */
  async matches(grp: number, box: Box | undefined, lat: Float64Array, lng: Float64Array, time: TimeSlices): Promise<Slots> {
    const cells = this.placed[grp];
    const out = new SlotBuffer();
    if (!box) this.unplaced.each(grp, (items, n) => out.append(items, n));
    const { cells: found, inside } = this.cellsIn(grp, box);
    let read = 0;
    for (let k = 0; k < found.length; k++) {
      if (read >= SLICE_SLOTS) {
        read = 0;
        if (time.due()) await time.pause();
      }
      const cell = found[k]!;
      if (inside[k]) {
        cells!.each(cell, (items, n) => ((read += n), out.append(items, n)));
        continue;
      }
      const { minLat, maxLat, minLng, maxLng } = box!;
      cells!.each(cell, (items, n) => {
        read += n;
        for (let j = 0; j < n; j++) {
          const s = items[j]!;
          if (lat[s]! >= minLat && lat[s]! <= maxLat && lng[s]! >= minLng && lng[s]! <= maxLng) out.push(s);
        }
      });
    }
    return out.done();
  }

  /**
   * The slots of a status group inside drawn polygons (`place`: polygon-cells.ts), by their
   * cells within the polygons' `bounds`: those of cells wholly inside (`sure`), and those of cells
   * an edge crosses (`maybe`: each still to be tested). Cells are placed and read in `time`'s slices.
   */
  async inPolygons(grp: number, bounds: readonly Box[], place: (y: number, x: number) => CellPlace, time: TimeSlices): Promise<{ sure: Slots; maybe: Slots }> {
    const cells = this.placed[grp];
    const sure = new SlotBuffer();
    const maybe = new SlotBuffer();
    if (!cells) return { sure: sure.done(), maybe: maybe.done() };
    const found = new Set<number>();
    for (const box of bounds) this.visit(grp, box, (cell) => found.add(cell));
    let read = 0;
    for (const cell of found) {
      if (++read >= SLICE_SLOTS) {
        read = 0;
        if (time.due()) await time.pause();
      }
      const y = Math.floor(cell / ROW);
      const where = place(y, cell - y * ROW);
      if (where === 'outside') continue;
      const into = where === 'inside' ? sure : maybe;
      cells.each(cell, (items, n) => ((read += n), into.append(items, n)));
    }
    return { sure: sure.done(), maybe: maybe.done() };
  }
}

/** Bounds of the whole cells' listings (from the extents of the outermost rows' and columns' cells only) and of the edge band's. */
function wholeBounds(
  cells: Postings<number> | undefined,
  whole: readonly number[],
  edge: Box,
  pointsOf: (cell: number, items: Int32Array, n: number) => Float64Array,
): Box {
  const b = { ...edge };
  if (!cells || whole.length === 0) return b;
  let [y0, y1, x0, x1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const cell of whole) {
    const y = Math.floor(cell / ROW);
    const x = cell - y * ROW;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
  }
  for (const cell of whole) {
    const y = Math.floor(cell / ROW);
    const x = cell - y * ROW;
    if (y !== y0 && y !== y1 && x !== x0 && x !== x1) continue;
    cells.each(cell, (items, n) => {
      // The cell's extent, after its points (FineCells.pointsOf).
      const xy = pointsOf(cell, items, n);
      const [minLat, maxLat, minLng, maxLng] = [xy[2 * n]!, xy[2 * n + 1]!, xy[2 * n + 2]!, xy[2 * n + 3]!];
      if (y === y0 && minLat < b.minLat) b.minLat = minLat;
      if (y === y1 && maxLat > b.maxLat) b.maxLat = maxLat;
      if (x === x0 && minLng < b.minLng) b.minLng = minLng;
      if (x === x1 && maxLng > b.maxLng) b.maxLng = maxLng;
    });
  }
  return b;
}

/** Slots gathered into one growing Int32Array. */
class SlotBuffer {
  private slots = new Int32Array(1024);
  private n = 0;

  private room(more: number): void {
    if (this.n + more <= this.slots.length) return;
    const grown = new Int32Array(Math.max(this.slots.length * 2, this.n + more));
    grown.set(this.slots.subarray(0, this.n));
    this.slots = grown;
  }

  append(items: Int32Array, n: number): void {
    // Most cells hold a few listings: copied one by one, without a subarray made for each.
    if (n <= 8) {
      for (let k = 0; k < n; k++) this.push(items[k]!);
      return;
    }
    this.room(n);
    this.slots.set(items.subarray(0, n), this.n);
    this.n += n;
  }

  push(slot: number): void {
    this.room(1);
    this.slots[this.n++] = slot;
  }

  done(): Slots {
    return { slots: this.slots, n: this.n };
  }
}
