import { CELL_LEVEL, cellSize } from './geo';
import type { Cluster, Pin } from './search-index.port';

/**
 * Pins and clusters that share the map without a wall: a cell whose every match is among the
 * pins is drawn as those pins (its cluster `complete`); any other cell as its cluster with the
 * true count, its pins left out (`inCluster`). A cluster's mean position lies in its own cell
 * (the mean of points of a convex cell), so both are placed by the index's own grid at `level`.
 * Answers a flag a pin and a cluster, in their order: the map answer builds each pin and cluster
 * once (an object spread a pin and a cluster cost more than the rest of this together).
 */
export function pinsBesideClusters(
  pins: readonly Pick<Pin, 'latitude' | 'longitude'>[],
  clusters: readonly Cluster[],
  level: number,
): { inCluster: boolean[]; complete: boolean[] } {
  const shift = CELL_LEVEL - Math.max(0, Math.min(CELL_LEVEL, Math.floor(level)));
  // cellOf's arithmetic inline: a call a point cost more than the rest (docs/benchmarks.md).
  const size = cellSize(CELL_LEVEL);
  const div = 2 ** shift;
  const n = pins.length;
  const all = n + clusters.length;
  const rows = new Float64Array(all);
  const columns = new Float64Array(all);
  let [y0, y1, x0, x1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < all; i++) {
    const p = i < n ? pins[i]! : clusters[i - n]!;
    const y = Math.floor(Math.floor((p.latitude + 90) / size) / div);
    const x = Math.floor(Math.floor((p.longitude + 180) / size) / div);
    rows[i] = y;
    columns[i] = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
  }
  // A cell as one number counted from the corner of them all: within a viewport a small whole number, which a Map hashes without a heap number each (a number of the world's grid at level 20 would not be one).
  const width = x1 - x0 + 1;
  const cellKey = (i: number) => (rows[i]! - y0) * width + (columns[i]! - x0);
  const pinned = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = cellKey(i);
    pinned.set(key, (pinned.get(key) ?? 0) + 1);
  }
  const drawnAsPins = new Set<number>();
  const complete = clusters.map((c, j) => {
    const key = cellKey(n + j);
    const whole = (pinned.get(key) ?? 0) >= c.count;
    if (whole) drawnAsPins.add(key);
    return whole;
  });
  // Without clusters (nothing asked, or every match pinned) every pin stands on its own.
  return { inCluster: pins.map((_, i) => clusters.length > 0 && !drawnAsPins.has(cellKey(i))), complete };
}
