/** Drawn search polygons: simplification (spec sections 3, 5, 9); their polygonmap format is polygonFormat.ts. */
import { distinctVertices } from './polygonFormat';

export { distinctVertices, formatPolygons, parsePolygons } from './polygonFormat';

export type LngLat = readonly [lng: number, lat: number];
export type Ring = readonly LngLat[];

export const MIN_VERTICES = 4;
export const MAX_VERTICES = 99; // "4 to under 100"
export const INITIAL_TOLERANCE = 0.0009;
export const MAX_ADJUSTMENTS = 10;
/** The most polygons one search takes (contract section 7: the server refuses more). */
export const MAX_POLYGONS = 10;

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
