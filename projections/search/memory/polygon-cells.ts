import { cellSize } from '../geo';
import type { LatLng } from '../search-criteria';
import { FINE } from '../postgres/viewport-aggregates';

/**
 * How far past its own edges a cell is looked at: a point's cell number is rounded from its
 * coordinate (a point on a cell's edge may land in either cell), and the even-odd test's float
 * arithmetic is exact to far less than this (1e-7° is about a centimetre).
 */
const MARGIN = 1e-7;

/** Where a cell lies against drawn polygons: every point of it inside one, none inside any, or on an edge (each point tested). */
export type CellPlace = 'inside' | 'outside' | 'border';

/**
 * The level-12 map cells (FINE, as fine-cells.ts keys them) against a search's drawn polygons
 * (even-odd rule, any polygon): a cell that no polygon edge comes near lies wholly inside or
 * wholly outside each polygon, so its listings are taken or left whole; only the cells an edge
 * crosses have their listings tested point by point. Per row of cells, the edges crossing that
 * row's band are gathered once, as longitude ranges; a cell clear of them lies in a gap between
 * ranges, and every cell of a gap is inside or outside together, so one point is tested a gap.
 */
export class PolygonCells {
  private readonly size = cellSize(FINE);
  private readonly rows = new Map<number, Row[]>();

  constructor(private readonly rings: readonly (readonly LatLng[])[]) {}

  place(y: number, x: number): CellPlace {
    let rows = this.rows.get(y);
    if (!rows) this.rows.set(y, (rows = this.rings.map((ring) => this.rowOf(ring, y))));
    const lo = x * this.size - 180 - MARGIN;
    const hi = (x + 1) * this.size - 180 + MARGIN;
    const mid = (x + 0.5) * this.size - 180;
    const lat = (y + 0.5) * this.size - 90;
    let border = false;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      // The first range that ends at or past the cell's west side: the cell's gap is the one before it.
      let k = 0;
      for (let hiK = row.ranges.length; k < hiK;) {
        const m = (k + hiK) >> 1;
        if (row.ranges[m]![1] < lo) k = m + 1;
        else hiK = m;
      }
      if (k < row.ranges.length && row.ranges[k]![0] <= hi) {
        border = true;
        continue;
      }
      let inside = row.gaps.get(k);
      if (inside === undefined) row.gaps.set(k, (inside = evenOdd(this.rings[r]!, lat, mid)));
      if (inside) return 'inside';
    }
    return border ? 'border' : 'outside';
  }

  /** The longitude ranges the ring's edges cover within row y's band (widened by MARGIN), merged and sorted. */
  private rowOf(ring: readonly LatLng[], y: number): Row {
    const south = y * this.size - 90 - MARGIN;
    const north = (y + 1) * this.size - 90 + MARGIN;
    const ranges: [number, number][] = [];
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j]!;
      const b = ring[i]!;
      if (Math.max(a.lat, b.lat) < south || Math.min(a.lat, b.lat) > north) continue;
      // The part of the edge within the band: its longitudes where it enters and leaves it.
      const at = (lat: number) => (a.lat === b.lat ? a.lng : a.lng + ((b.lng - a.lng) * (lat - a.lat)) / (b.lat - a.lat));
      const from = Math.max(south, Math.min(a.lat, b.lat));
      const to = Math.min(north, Math.max(a.lat, b.lat));
      const l1 = a.lat === b.lat ? Math.min(a.lng, b.lng) : at(from);
      const l2 = a.lat === b.lat ? Math.max(a.lng, b.lng) : at(to);
      ranges.push([Math.min(l1, l2) - MARGIN, Math.max(l1, l2) + MARGIN]);
    }
    ranges.sort((p, q) => p[0] - q[0]);
    const merged: [number, number][] = [];
    for (const r of ranges) {
      const last = merged.at(-1);
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push(r);
    }
    return { ranges: merged, gaps: new Map() };
  }
}

type Row = { readonly ranges: readonly [number, number][]; readonly gaps: Map<number, boolean> };

/** The even-odd rule at one point (criteria-match.ts's pointInRing, over the ring's points). */
function evenOdd(ring: readonly LatLng[], lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > lat !== b.lat > lat && lng < ((b.lng - a.lng) * (lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}
