import { CELL_LEVEL, type Cluster, cellOf, type Pin } from '../../../../projections/search';

/**
 * Pins and clusters that share the map without a wall: a cell whose every match is among the
 * pins is drawn as those pins (its cluster `complete`); any other cell as its cluster with the
 * true count, its pins left out (`inCluster`). A cluster's mean position lies in its own cell
 * (the mean of points of a convex cell), so both are placed by the index's own grid at `level`.
 */
export function pinsBesideClusters<P extends Pick<Pin, 'latitude' | 'longitude'>>(
  pins: readonly P[],
  clusters: readonly Cluster[],
  level: number,
): { pins: (P & { inCluster: boolean })[]; clusters: (Cluster & { complete: boolean })[] } {
  const shift = CELL_LEVEL - Math.max(0, Math.min(CELL_LEVEL, Math.floor(level)));
  const across = 2 ** (CELL_LEVEL + 1 - shift);
  // A number per cell (row × columns + column): no string or object a pin on the hot map path.
  const cellKey = (lat: number, lng: number) => Math.floor(cellOf(lat + 90) / 2 ** shift) * across + Math.floor(cellOf(lng + 180) / 2 ** shift);
  const pinned = new Map<number, number>();
  const pinCells = pins.map((p) => {
    const key = cellKey(p.latitude, p.longitude);
    pinned.set(key, (pinned.get(key) ?? 0) + 1);
    return key;
  });
  const complete = new Set<number>();
  const out = clusters.map((c) => {
    const key = cellKey(c.latitude, c.longitude);
    const all = (pinned.get(key) ?? 0) >= c.count;
    if (all) complete.add(key);
    return { ...c, complete: all };
  });
  // Without clusters (nothing asked, or every match pinned) every pin stands on its own.
  return { pins: pins.map((p, i) => ({ ...p, inCluster: clusters.length > 0 && !complete.has(pinCells[i]!) })), clusters: out };
}
