import type { LngLat } from './polygons';

/** Earth's mean radius in miles (the server's great-circle radius search uses the same). */
const EARTH_MILES = 3958.8;
const RAD = Math.PI / 180;
/** Vertices of a radius circle: smooth on screen, far under the 99 a polygon may have. */
export const CIRCLE_VERTICES = 48;
/** The smallest radius the tool keeps (a click without a drag is no circle). */
export const MIN_RADIUS_MILES = 0.05;

/** Great-circle distance in miles. */
export function milesBetween(a: LngLat, b: LngLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLng = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `miles` from `center` on `bearing` degrees (clockwise from north). */
function destination(center: LngLat, miles: number, bearing: number): LngLat {
  const d = miles / EARTH_MILES;
  const lat1 = center[1] * RAD;
  const lng1 = center[0] * RAD;
  const b = bearing * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [lng2 / RAD, lat2 / RAD];
}

/**
 * A radius as a search polygon the server takes like a drawn one (ORed with the others, counted
 * among the ten): CIRCLE_VERTICES points on the circle, 6 decimals. Null below MIN_RADIUS_MILES.
 */
export function circleRing(center: LngLat, miles: number): LngLat[] | null {
  if (!(miles >= MIN_RADIUS_MILES)) return null;
  return Array.from({ length: CIRCLE_VERTICES }, (_, i) => {
    const [lng, lat] = destination(center, miles, (360 * i) / CIRCLE_VERTICES);
    return [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6] as LngLat;
  });
}

/** '0.8 mi', '2.5 mi', '12 mi'. */
export const milesLabel = (miles: number): string => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
