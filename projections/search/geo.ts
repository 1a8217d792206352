import { EARTH_RADIUS_MILES, type LatLng } from './search-criteria';

const RAD = Math.PI / 180;

/**
 * A point as a unit vector. Straight-line (chord) distance between unit vectors orders points
 * exactly as great-circle distance does, and needs only + - * to compare: an index and the
 * reference compute the same number for the same two points.
 */
export function unitVector(p: LatLng): [number, number, number] {
  const lat = p.lat * RAD;
  const lng = p.lng * RAD;
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
}

/** Squared chord between two unit vectors, summed in this order everywhere. */
export const chord2 = (a: readonly number[], b: readonly number[]): number => {
  const dx = a[0]! - b[0]!;
  const dy = a[1]! - b[1]!;
  const dz = a[2]! - b[2]!;
  return dx * dx + dy * dy + dz * dz;
};

/** The squared chord of a great-circle distance of `miles` (Earth radius 3,958.8 miles). */
export function chord2OfMiles(miles: number): number {
  const half = Math.min(miles / (2 * EARTH_RADIUS_MILES), Math.PI / 2);
  const c = 2 * Math.sin(half);
  return c * c;
}

/** A box that holds every point within `miles` of `center` (a pre-filter; the chord test decides). */
export function boxAround(center: LatLng, miles: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (miles / EARTH_RADIUS_MILES / RAD) * 1.01 + 1e-6;
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  if (minLat <= -90 || maxLat >= 90) return { minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat), minLng: -180, maxLng: 180 };
  const cosMax = Math.min(Math.cos(minLat * RAD), Math.cos(maxLat * RAD));
  const dLng = dLat / Math.max(cosMax, 1e-9);
  // Across the antimeridian the box would wrap: take every longitude instead.
  if (center.lng - dLng < -180 || center.lng + dLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}

/** Grid cells for map clusters: level z cuts the world into cells of 360 / 2^z degrees. */
export const CELL_LEVEL = 20;
/** Each whole level's cell size, taken once: `2 ** level` is a call to Math.pow each time (cellOf cost about 75 ns against 14). */
const SIZES = Array.from({ length: 31 }, (_, level) => 360 / 2 ** level);
export const cellSize = (level: number): number => SIZES[level] ?? 360 / 2 ** level;
export const cellOf = (degreesFromOrigin: number, level = CELL_LEVEL): number => Math.floor(degreesFromOrigin / cellSize(level));
/** Row and column of the level-20 cell of a point (rows from the south pole, columns from -180). */
export const cellsOf = (p: LatLng): { cy: number; cx: number } => ({ cy: cellOf(p.lat + 90), cx: cellOf(p.lng + 180) });
