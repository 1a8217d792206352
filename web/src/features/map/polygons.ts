/** Drawn search polygons: simplification and the polygonmap format (spec sections 3, 5, 9). */

export type LngLat = readonly [lng: number, lat: number];
export type Ring = readonly LngLat[];

export const MIN_VERTICES = 4;
export const MAX_VERTICES = 99; // "4 to under 100"
export const INITIAL_TOLERANCE = 0.0009;
export const MAX_ADJUSTMENTS = 10;
/** The most polygons one search takes (contract section 7: the server refuses more). */
export const MAX_POLYGONS = 10;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function distanceToSegment(p: LngLat, a: LngLat, b: LngLat): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Douglas-Peucker on an open path, iterative so a long freehand stroke cannot overflow the stack. */
export function douglasPeucker(points: Ring, tolerance: number): LngLat[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    let maxD = -1;
    let index = -1;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegment(points[i]!, points[from]!, points[to]!);
      if (d > maxD) {
        maxD = d;
        index = i;
      }
    }
    if (index !== -1 && maxD > tolerance) {
      keep[index] = 1;
      stack.push([from, index], [index, to]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

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

/** Evenly spaced picks, the last resort when ten tolerance adjustments did not land in range. */
const sample = (points: Ring, n: number): LngLat[] => Array.from({ length: n }, (_, i) => points[Math.floor((i * points.length) / n)]!);

/**
 * A freehand stroke as a search polygon: null when it has no more than 2 distinct points; else
 * simplified to 4..99 vertices, starting from tolerance 0.0009 (degrees) and doubling or halving
 * it up to 10 times; a stroke of 3 points stays a triangle. Coordinates have 6 decimals.
 */
export function simplifyDrawnPolygon(stroke: Ring): LngLat[] | null {
  const points = distinctVertices(stroke);
  if (points.length <= 2) return null;
  if (points.length <= MIN_VERTICES) return points;
  let tolerance = INITIAL_TOLERANCE;
  let best = distinctVertices(douglasPeucker(points, tolerance));
  for (let i = 0; i < MAX_ADJUSTMENTS && (best.length < MIN_VERTICES || best.length > MAX_VERTICES); i++) {
    tolerance = best.length > MAX_VERTICES ? tolerance * 2 : tolerance / 2;
    best = distinctVertices(douglasPeucker(points, tolerance));
  }
  if (best.length > MAX_VERTICES) return sample(best, MAX_VERTICES);
  if (best.length < MIN_VERTICES) return sample(points, MIN_VERTICES);
  return best;
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
