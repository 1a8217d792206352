import { CELL_LEVEL, cellSize, cellsOf } from '../geo';
import type { Box } from '../search-criteria';
import type { Cluster } from '../search-index.port';
import { cellKey } from './meili-document';

type Point = { readonly lat: number; readonly lng: number };

/** The cluster level the port asks for, as a whole level from 0 to 20 (as the PostgreSQL adapter reads it). */
export const clusterLevelOf = (level: number): number => Math.max(0, Math.min(CELL_LEVEL, Math.floor(level)));

/** PostgreSQL's order: most first, then south to north, then west to east. */
const byCount = (a: Cluster, b: Cluster) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude;

/** Clusters of the given matches with a point: one per cell, a true count at the matches' mean position. */
export function clustersOfPoints(points: readonly Point[], level: number): Cluster[] {
  const z = clusterLevelOf(level);
  const cells = new Map<string, { n: number; lat: number; lng: number }>();
  for (const p of points) {
    const { cy, cx } = cellsOf(p);
    const key = cellKey(cy, cx, z);
    const c = cells.get(key) ?? { n: 0, lat: 0, lng: 0 };
    c.n++;
    c.lat += p.lat;
    c.lng += p.lng;
    cells.set(key, c);
  }
  return [...cells.values()].map((c) => ({ latitude: c.lat / c.n, longitude: c.lng / c.n, count: c.n })).sort(byCount);
}

/**
 * Clusters from Meilisearch's facet counts of `cell<z>` (true counts at any size). Where the
 * matches' points were fetched (`points`, when they are few enough), each cluster stands at its
 * matches' mean position; otherwise at its cell's centre, kept inside the matches' bounds.
 */
export function clustersOfFacets(counts: Readonly<Record<string, number>>, level: number, points: readonly Point[] | null, bounds: Box | null): Cluster[] {
  const z = clusterLevelOf(level);
  if (points) {
    const exact = clustersOfPoints(points, z);
    const total = Object.values(counts).reduce((n, c) => n + c, 0);
    // The points were read in a second request: a write between the two shows as a count that differs.
    if (exact.reduce((n, c) => n + c.count, 0) === total) return exact;
  }
  const size = cellSize(z);
  const clamp = (v: number, lo: number | undefined, hi: number | undefined) => Math.min(hi ?? v, Math.max(lo ?? v, v));
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => {
      const [row, col] = key.split(':').map(Number) as [number, number];
      return {
        latitude: clamp((row + 0.5) * size - 90, bounds?.minLat, bounds?.maxLat),
        longitude: clamp((col + 0.5) * size - 180, bounds?.minLng, bounds?.maxLng),
        count: n,
      };
    })
    .sort(byCount);
}

export function boundsOfPoints(points: readonly Point[]): Box | null {
  if (points.length === 0) return null;
  let minLat = Infinity,
    maxLat = -Infinity,
    minLng = Infinity,
    maxLng = -Infinity;
  for (const p of points) {
    if (p.lat < minLat) minLat = p.lat;
    if (p.lat > maxLat) maxLat = p.lat;
    if (p.lng < minLng) minLng = p.lng;
    if (p.lng > maxLng) maxLng = p.lng;
  }
  return { minLat, maxLat, minLng, maxLng };
}
