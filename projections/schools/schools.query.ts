import type pg from 'pg';
import { gradeSpan, type NearbySchool } from '../../src/contract/schools';

const MILES_PER_DEGREE_LAT = 69.09;
const EARTH_RADIUS_MILES = 3958.8;

/**
 * The schools nearest a point, nearest first, within `radiusMiles`: a latitude/longitude box
 * narrows the rows on the index, the great-circle distance orders them.
 */
export async function nearestSchools(
  pool: pg.Pool,
  at: { latitude: number; longitude: number },
  options: { limit: number; radiusMiles: number },
): Promise<NearbySchool[]> {
  const dLat = options.radiusMiles / MILES_PER_DEGREE_LAT;
  const dLng = options.radiusMiles / (MILES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((at.latitude * Math.PI) / 180)));
  const { rows } = await pool.query<{
    ncessch: string;
    name: string;
    district: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    level: string | null;
    grade_low: string | null;
    grade_high: string | null;
    latitude: number;
    longitude: number;
    miles: number;
  }>(
    `SELECT * FROM (
       SELECT s.*, 2 * $5::float8 * asin(sqrt(
         power(sin(radians(latitude - $1) / 2), 2) + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2)
       )) AS miles
       FROM schools s
       WHERE latitude BETWEEN $1 - $3 AND $1 + $3 AND longitude BETWEEN $2 - $4 AND $2 + $4
     ) near WHERE miles <= $6 ORDER BY miles, ncessch LIMIT $7`,
    [at.latitude, at.longitude, dLat, dLng, EARTH_RADIUS_MILES, options.radiusMiles, options.limit],
  );
  return rows.map((r) => ({
    ncessch: r.ncessch,
    name: r.name,
    district: r.district,
    address: [r.street, r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null,
    level: r.level,
    grades: gradeSpan(r.grade_low, r.grade_high),
    latitude: r.latitude,
    longitude: r.longitude,
    distanceMiles: Math.round(r.miles * 100) / 100,
  }));
}
