import { CELL_LEVEL, type Cluster, cellsOf, type Pin } from '../../../../projections/search';

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
  const cellKey = (lat: number, lng: number) => {
    const { cy, cx } = cellsOf({ lat, lng });
    return `${Math.floor(cy / 2 ** shift)}:${Math.floor(cx / 2 ** shift)}`;
  };
  const pinned = new Map<string, number>();
  const pinCells = pins.map((p) => {
    const key = cellKey(p.latitude, p.longitude);
    pinned.set(key, (pinned.get(key) ?? 0) + 1);
    return key;
  });
  const complete = new Set<string>();
  const out = clusters.map((c) => {
    const key = cellKey(c.latitude, c.longitude);
    const all = (pinned.get(key) ?? 0) >= c.count;
    if (all) complete.add(key);
    return { ...c, complete: all };
  });
  // Without clusters (nothing asked, or every match pinned) every pin stands on its own.
  return { pins: pins.map((p, i) => ({ ...p, inCluster: clusters.length > 0 && !complete.has(pinCells[i]!) })), clusters: out };
}
