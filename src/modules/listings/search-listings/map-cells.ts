import { CELL_LEVEL, type Cluster, cellOf, type Pin } from '../../../../projections/search';

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
  const across = 2 ** (CELL_LEVEL + 1 - shift);
  // A number a cell (row × columns + column): no string or object a pin.
  const cellKey = (lat: number, lng: number) => Math.floor(cellOf(lat + 90) / 2 ** shift) * across + Math.floor(cellOf(lng + 180) / 2 ** shift);
  const pinned = new Map<number, number>();
  const pinCells = pins.map((p) => {
    const key = cellKey(p.latitude, p.longitude);
    pinned.set(key, (pinned.get(key) ?? 0) + 1);
    return key;
  });
  const drawnAsPins = new Set<number>();
  const complete = clusters.map((c) => {
    const key = cellKey(c.latitude, c.longitude);
    const all = (pinned.get(key) ?? 0) >= c.count;
    if (all) drawnAsPins.add(key);
    return all;
  });
  // Without clusters (nothing asked, or every match pinned) every pin stands on its own.
  return { inCluster: pinCells.map((key) => clusters.length > 0 && !drawnAsPins.has(key)), complete };
}
