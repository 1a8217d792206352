/**
 * The polygonmap format of drawn search polygons (spec sections 3, 5, 9): what the search page
 * reads and writes in its address, apart from the drawing's simplification (polygons.ts), which
 * comes with the map.
 */
import type { LngLat, Ring } from './polygons';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Distinct vertices of a ring: consecutive repeats and a closing repeat of the first point removed. */
export function distinctVertices(points: Ring): LngLat[] {
  const out: LngLat[] = [];
  for (const p of points) {
    const q: LngLat = [round6(p[0]), round6(p[1])];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  while (out.length > 1 && out[0]![0] === out[out.length - 1]![0] && out[0]![1] === out[out.length - 1]![1]) out.pop();
  return out;
}

/** 'lat lng' pairs joined by ', ', first point repeated at the end; polygons joined by ':'. */
export function formatPolygons(rings: readonly Ring[]): string {
  return rings
    .filter((r) => r.length >= 3)
    .map((r) => [...r, r[0]!].map(([lng, lat]) => `${round6(lat).toFixed(6)} ${round6(lng).toFixed(6)}`).join(', '))
    .join(':');
}

/** The inverse of formatPolygons; a malformed part is skipped (the server is the judge of input). */
export function parsePolygons(s: string | undefined): LngLat[][] {
  if (!s) return [];
  return s
    .split(':')
    .map((part) =>
      distinctVertices(
        part
          .split(',')
          .map((pair) => pair.trim().split(/\s+/).map(Number))
          .filter((xy) => xy.length === 2 && xy.every(Number.isFinite))
          .map(([lat, lng]) => [lng!, lat!] as LngLat),
      ),
    )
    .filter((r) => r.length >= 3);
}
