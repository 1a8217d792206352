import { CELL_LEVEL, cellOf } from '../geo';
import { FINE, inside as rowsInside } from '../postgres/viewport-aggregates';
import type { Box } from '../search-criteria';
import type { Matches } from './memory-query';
import { Postings } from './int-list';

/** Level-20 rows and columns to level-12 (FINE) ones: a shift, as the cell counts of PostgreSQL are made. */
const SHIFT = CELL_LEVEL - FINE;
/** Level-12 columns run 0 to 4,096 (longitude 180 included): keys leave room for one more. */
const ROW = 8192;
const LAST_ROW = 2 ** (FINE - 1);
const LAST_COLUMN = 2 ** FINE;
// A point on a cell's edge may round into either cell: the cells looked at reach this far past the box.
const SLACK = 1e-9;

export const fineKey = (cy: number, cx: number): number => (cy >> SHIFT) * ROW + (cx >> SHIFT);

/**
 * Slots by status group and level-12 map cell (0.088°, a neighbourhood), and each group's
 * slots without a point: what a status-and-viewport search (most map moves) asks for, found
 * without testing a listing. Cells wholly inside the box give all their slots; only the thin band
 * of cells the box's edges cross has its listings tested against the box.
 */
export class FineCells {
  private readonly placed: Postings<number>[] = [];
  private readonly unplaced = new Postings<number>();

  private of(grp: number): Postings<number> {
    return (this.placed[grp] ??= new Postings<number>());
  }

  /** Status group 0 is found by no search: it is kept nowhere. `cell` undefined: no point. */
  add(grp: number, cell: number | undefined, slot: number): void {
    if (grp === 0) return;
    if (cell === undefined) this.unplaced.add(grp, slot);
    else this.of(grp).add(cell, slot);
  }

  remove(grp: number, cell: number | undefined, slot: number): void {
    if (grp === 0) return;
    if (cell === undefined) this.unplaced.remove(grp, slot);
    else this.of(grp).remove(cell, slot);
  }

  /**
   * The slots of a status group in a box (inclusive on every side, as the criteria's box is), or
   * in the whole world with the group's listings without a point when there is no box.
   */
  matches(grp: number, box: Box | undefined, lat: Float64Array, lng: Float64Array): Matches {
    const cells = this.placed[grp];
    const out = new SlotBuffer();
    if (!box) {
      if (cells) for (const key of cells.keys()) cells.each(key, (items, n) => out.append(items, n));
      this.unplaced.each(grp, (items, n) => out.append(items, n));
      return out.done();
    }
    if (!cells) return out.done();
    const y0 = Math.max(0, cellOf(box.minLat + 90 - SLACK, FINE));
    const y1 = Math.min(LAST_ROW, cellOf(box.maxLat + 90 + SLACK, FINE));
    const x0 = Math.max(0, cellOf(box.minLng + 180 - SLACK, FINE));
    const x1 = Math.min(LAST_COLUMN, cellOf(box.maxLng + 180 + SLACK, FINE));
    if (y1 < y0 || x1 < x0) return out.done();
    // Whole cells: every point in them lies inside the box, whatever the rounding of its cell number.
    const wy = rowsInside(box.minLat + 90, box.maxLat + 90, FINE);
    const wx = rowsInside(box.minLng + 180, box.maxLng + 180, FINE);
    const { minLat, maxLat, minLng, maxLng } = box;
    const take = (key: number) => {
      const y = Math.floor(key / ROW);
      const x = key - y * ROW;
      if (y >= wy.lo && y <= wy.hi && x >= wx.lo && x <= wx.hi) cells.each(key, (items, n) => out.append(items, n));
      else
        cells.each(key, (items, n) => {
          for (let k = 0; k < n; k++) {
            const s = items[k]!;
            if (lat[s]! >= minLat && lat[s]! <= maxLat && lng[s]! >= minLng && lng[s]! <= maxLng) out.push(s);
          }
        });
    };
    // A country-wide box spans more cells than the group has listings in: its cells are walked instead.
    if ((y1 - y0 + 1) * (x1 - x0 + 1) > cells.keyCount) {
      for (const key of cells.keys()) {
        const y = Math.floor(key / ROW);
        const x = key - y * ROW;
        if (y >= y0 && y <= y1 && x >= x0 && x <= x1) take(key);
      }
    } else for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) take(y * ROW + x);
    return out.done();
  }
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
    this.room(n);
    this.slots.set(items.subarray(0, n), this.n);
    this.n += n;
  }

  push(slot: number): void {
    this.room(1);
    this.slots[this.n++] = slot;
  }

  done(): Matches {
    return { slots: this.slots, n: this.n };
  }
}
