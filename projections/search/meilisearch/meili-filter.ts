import { boxAround } from '../geo';
import type { Box, LatLng, SearchCriteria, SortBy } from '../search-criteria';
import { groupOf } from '../search-document';
import { boundsOf } from '../postgres/criteria-sql';

/** A string as a Meilisearch filter value: double-quoted, with `\` and `"` escaped. */
export const quote = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A number as filter text: the shortest that reads back as the same double (Meilisearch compares as f64). */
const num = (n: number): string => {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return String(n);
};

const anyOf = (field: string, values: readonly string[]): string => `${field} IN [${values.map(quote).join(', ')}]`;

/** Inclusive on every side, compared on the plain numbers (exact, as the reference and PostgreSQL compare). */
export const boxFilter = (b: Box): string => `lat >= ${num(b.minLat)} AND lat <= ${num(b.maxLat)} AND lng >= ${num(b.minLng)} AND lng <= ${num(b.maxLng)}`;

const METERS_PER_MILE = 1609.344;

/**
 * The criteria as one Meilisearch filter, and what it leaves to an exact check in the adapter.
 * `exact` lists what the filter only narrows: a radius (Meilisearch's haversine is not the
 * contract's chord, so the filter keeps a slightly larger circle and the adapter decides) and
 * polygons when the server has no `_geoPolygon` (v1.22 and later have it): their bounding boxes,
 * then the even-odd rule in the adapter. `now` is the time `openhouse=1` compares with.
 */
export function filterOf(c: SearchCriteria, opts: { now: number; geoPolygon: boolean }): { filter: string; exact: ('radius' | 'polygons')[] } {
  const where: string[] = [`grp = ${groupOf(c)}`];
  const exact: ('radius' | 'polygons')[] = [];
  for (const w of new Set(c.keywords.flat())) where.push(`words = ${quote(w)}`);
  for (const list of c.cities) where.push(anyOf('city_key', list));
  for (const county of c.counties) where.push(`county_key = ${quote(county)}`);
  for (const list of c.zips) where.push(anyOf('zip5', list));
  for (const list of c.mlsids) where.push(anyOf('mlsid_key', list));
  if (c.minPrice !== undefined) where.push(`price >= ${num(c.minPrice)}`);
  if (c.maxPrice !== undefined) where.push(`price <= ${num(c.maxPrice)}`);
  if (c.minBeds !== undefined) where.push(`beds >= ${num(c.minBeds)}`);
  if (c.minBaths !== undefined) where.push(`baths >= ${num(c.minBaths)}`);
  if (c.minSqft !== undefined) where.push(`sqft >= ${num(c.minSqft)}`);
  if (c.maxSqft !== undefined) where.push(`sqft <= ${num(c.maxSqft)}`);
  if (c.types) where.push(anyOf('types', c.types));
  if (c.waterfront) where.push('waterfront = true');
  if (c.view) where.push('view = true');
  if (c.pool) where.push('pool = true');
  if (c.newConstruction) where.push('new_construction = true');
  if (c.priceReduced) where.push('price_reduced = true');
  if (c.openHouse) where.push(`open_house_until > ${num(opts.now)}`);
  if (c.box) where.push(boxFilter(c.box));
  if (c.radius) {
    const { center, miles } = c.radius;
    where.push(boxFilter(boxAround(center, miles)));
    where.push(`_geoRadius(${num(center.lat)}, ${num(center.lng)}, ${num(Math.ceil(miles * METERS_PER_MILE * 1.01) + 10)})`);
    exact.push('radius');
  }
  if (c.polygons) {
    if (opts.geoPolygon) where.push(`(${c.polygons.map(polygonFilter).join(' OR ')})`);
    else {
      where.push(`(${c.polygons.map((ring) => `(${boxFilter(boundsOf(ring))})`).join(' OR ')})`);
      exact.push('polygons');
    }
  }
  return { filter: where.join(' AND '), exact };
}

export const polygonFilter = (ring: readonly LatLng[]): string => `_geoPolygon(${ring.map((p) => `[${num(p.lat)}, ${num(p.lng)}]`).join(', ')})`;

/** The sort as Meilisearch sorts it: the sort's key (never null, see meili-document.ts), then pdid in byte order (`s_pdid`). */
export function sortOf(sort: SortBy, origin: LatLng | undefined): string[] {
  switch (sort) {
    case 'newest':
      return ['s_newest:desc', 's_pdid:asc'];
    case 'price-asc':
      return ['s_price_asc:asc', 's_pdid:asc'];
    case 'price-desc':
      return ['s_price_desc:desc', 's_pdid:asc'];
    case 'beds-desc':
      return ['s_beds:desc', 's_pdid:asc'];
    case 'sqft-desc':
      return ['s_sqft:desc', 's_pdid:asc'];
    case 'nearest':
      if (!origin) throw new Error('nearest needs an origin');
      return [`_geoPoint(${num(origin.lat)}, ${num(origin.lng)}):asc`, 's_pdid:asc'];
  }
}
