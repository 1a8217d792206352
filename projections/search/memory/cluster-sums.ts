import { CELL_LEVEL, cellOf } from '../geo';
import type { Box } from '../search-criteria';
import type { Cluster } from '../search-index.port';

/**
 * Points counted and summed by their cluster cell at a level, for true counts at the points' mean
 * position. Within a box the cluster cells are few (about eight across): they are counted in flat
 * arrays indexed by cell, not a Map (a metro map's tens of thousands of points); a point outside
 * that grid, or any point without a box, by key. Each cell's sums add up in the order its points
 * are added.
 */
export class ClusterSums {
  private readonly shift: number;
  private readonly y0: number;
  private readonly x0: number;
  private readonly rows: number;
  private readonly width: number;
  private readonly n: Int32Array;
  private readonly sumLat: Float64Array;
  private readonly sumLng: Float64Array;
  private readonly other = new Map<number, { n: number; lat: number; lng: number }>();

  constructor(clusterLevel: number, box: Box | undefined) {
    const shift = (this.shift = CELL_LEVEL - Math.max(0, Math.min(CELL_LEVEL, Math.floor(clusterLevel))));
    this.y0 = box ? cellOf(box.minLat + 90) >> shift : 0;
    this.x0 = box ? cellOf(box.minLng + 180) >> shift : 0;
    const rows = box ? (cellOf(box.maxLat + 90) >> shift) - this.y0 + 1 : 0;
    const width = box ? (cellOf(box.maxLng + 180) >> shift) - this.x0 + 1 : 0;
    const dense = box !== undefined && rows > 0 && width > 0 && rows * width <= 65_536;
    this.rows = dense ? rows : 0;
    this.width = dense ? width : 0;
    const size = this.rows * this.width;
    this.n = new Int32Array(size);
    this.sumLat = new Float64Array(size);
    this.sumLng = new Float64Array(size);
  }

  /** A point at (a, b) whose level-20 cell is row cy, column cx (geo.ts's cellsOf). */
  add(cy: number, cx: number, a: number, b: number): void {
    const y = (cy >> this.shift) - this.y0;
    const x = (cx >> this.shift) - this.x0;
    if (y >= 0 && y < this.rows && x >= 0 && x < this.width) {
      const at = y * this.width + x;
      this.n[at]!++;
      this.sumLat[at]! += a;
      this.sumLng[at]! += b;
      return;
    }
    const key = (cy >> this.shift) * 2_097_152 + (cx >> this.shift);
    const cell = this.other.get(key);
    if (cell) {
      cell.n++;
      cell.lat += a;
      cell.lng += b;
    } else this.other.set(key, { n: 1, lat: a, lng: b });
  }

  /** The clusters, largest first (ties by position). */
  clusters(): Cluster[] {
    const { n, sumLat, sumLng } = this;
    const out: Cluster[] = [];
    for (let at = 0; at < n.length; at++) if (n[at]! > 0) out.push({ latitude: sumLat[at]! / n[at]!, longitude: sumLng[at]! / n[at]!, count: n[at]! });
    for (const c of this.other.values()) out.push({ latitude: c.lat / c.n, longitude: c.lng / c.n, count: c.n });
    out.sort((a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude);
    return out;
  }
}
