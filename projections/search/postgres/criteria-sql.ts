import { boxAround, chord2OfMiles, unitVector } from '../geo';
import type { Box, LatLng, SearchCriteria, SortBy } from '../search-criteria';
import { groupOf } from '../search-document';
import { TYPE_BITS } from '../search-terms';

/**
 * Collects query parameters and hands out their placeholders. `now` (epoch ms) is the time the
 * query asks about: what depends on the clock (open houses) is decided then, not when indexed.
 */
export class Params {
  readonly values: unknown[] = [];
  constructor(readonly now: number = Date.now()) {}

  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** A number as an SQL float8 literal: the shortest text that reads back as the same double. */
const num = (n: number): string => {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return `(${String(n)})::float8`;
};

/** Great-circle order and radius, by squared chord between unit vectors (see geo.ts). */
export const chord2Sql = (p: LatLng): string => {
  const [x, y, z] = unitVector(p);
  return `((ux - ${num(x)}) * (ux - ${num(x)}) + (uy - ${num(y)}) * (uy - ${num(y)}) + (uz - ${num(z)}) * (uz - ${num(z)}))`;
};

/** Inclusive box: the GiST operator finds candidates, the exact comparisons decide. */
export const boxSql = (b: Box): string =>
  `pt <@ box(point(${num(b.minLng)}, ${num(b.minLat)}), point(${num(b.maxLng)}, ${num(b.maxLat)}))` +
  ` AND lat BETWEEN ${num(b.minLat)} AND ${num(b.maxLat)} AND lng BETWEEN ${num(b.minLng)} AND ${num(b.maxLng)}`;

export const boundsOf = (points: readonly LatLng[]): Box => ({
  minLat: Math.min(...points.map((p) => p.lat)),
  maxLat: Math.max(...points.map((p) => p.lat)),
  minLng: Math.min(...points.map((p) => p.lng)),
  maxLng: Math.max(...points.map((p) => p.lng)),
});

/**
 * Even-odd rule (a ray to the east crosses the ring an odd number of times), written out edge
 * by edge with the same arithmetic as the reference, so both decide every point alike.
 * Horizontal edges never cross and are left out, which also keeps every divisor non-zero.
 */
export function ringSql(ring: readonly LatLng[]): string {
  const terms: string[] = [];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat === b.lat) continue;
    terms.push(
      `(CASE WHEN (lat > ${num(a.lat)}) <> (lat > ${num(b.lat)}) AND lng < (${num(b.lng - a.lng)} * (lat - ${num(a.lat)})) / ${num(b.lat - a.lat)} + ${num(a.lng)} THEN 1 ELSE 0 END)`,
    );
  }
  if (terms.length === 0) return 'false';
  const bb = boundsOf(ring);
  return `(lat BETWEEN ${num(bb.minLat)} AND ${num(bb.maxLat)} AND lng BETWEEN ${num(bb.minLng)} AND ${num(bb.maxLng)} AND (${terms.join(' + ')}) % 2 = 1)`;
}

/**
 * The AND of every given criterion (contract section 3), as SQL over the search table. A
 * listing without a point (lat NULL) fails every map criterion: NULL compares as nothing.
 */
export function whereSql(c: SearchCriteria, p: Params): string {
  const where: string[] = [`grp = ${groupOf(c)}`];
  const words = c.keywords.flat();
  if (words.length > 0) where.push(`words @@ ${p.add([...new Set(words)].map((w) => `'${w}'`).join(' & '))}::tsquery`);
  for (const list of c.cities) where.push(`city_key = ANY(${p.add(list)}::text[])`);
  for (const county of c.counties) where.push(`county_key = ${p.add(county)}`);
  for (const list of c.zips) where.push(`zip5 = ANY(${p.add(list)}::text[])`);
  for (const list of c.mlsids) where.push(`mlsid_key = ANY(${p.add(list)}::text[])`);
  if (c.minPrice !== undefined) where.push(`price >= ${num(c.minPrice)}`);
  if (c.maxPrice !== undefined) where.push(`price <= ${num(c.maxPrice)}`);
  if (c.minBeds !== undefined) where.push(`beds >= ${num(c.minBeds)}`);
  if (c.minBaths !== undefined) where.push(`baths >= ${num(c.minBaths)}`);
  if (c.minSqft !== undefined) where.push(`sqft >= ${num(c.minSqft)}`);
  if (c.maxSqft !== undefined) where.push(`sqft <= ${num(c.maxSqft)}`);
  if (c.types) where.push(`(kinds & ${c.types.reduce((bits, t) => bits | TYPE_BITS[t], 0)}) <> 0`);
  if (c.waterfront) where.push('waterfront');
  if (c.view) where.push('view');
  if (c.pool) where.push('pool');
  if (c.newConstruction) where.push('new_construction');
  if (c.priceReduced) where.push('price_reduced');
  if (c.openHouse) where.push(`open_house_until > ${p.add(new Date(p.now).toISOString())}::timestamptz`);
  if (c.box) where.push(boxSql(c.box));
  if (c.radius) {
    where.push(boxSql(boxAround(c.radius.center, c.radius.miles)));
    where.push(`${chord2Sql(c.radius.center)} <= ${num(chord2OfMiles(c.radius.miles))}`);
  }
  if (c.polygons) {
    // Each polygon's own box for the GiST index (polygons far apart must not scan what lies between).
    const boxes = c.polygons.map((ring) => {
      const b = boundsOf(ring);
      return `pt <@ box(point(${num(b.minLng)}, ${num(b.minLat)}), point(${num(b.maxLng)}, ${num(b.maxLat)}))`;
    });
    where.push(`(${boxes.join(' OR ')})`);
    where.push(`(${c.polygons.map(ringSql).join(' OR ')})`);
  }
  return where.join(' AND ');
}

export function orderSql(sort: SortBy, origin: LatLng | undefined): string {
  switch (sort) {
    case 'newest':
      return 'sort_date DESC NULLS LAST, pdid';
    case 'price-asc':
      return 'price ASC NULLS LAST, pdid';
    case 'price-desc':
      return 'price DESC NULLS LAST, pdid';
    case 'beds-desc':
      return 'beds DESC NULLS LAST, pdid';
    case 'sqft-desc':
      return 'sqft DESC NULLS LAST, pdid';
    case 'nearest':
      if (!origin) throw new Error('nearest needs an origin');
      // Listings without a point are farthest of all.
      return `${chord2Sql(origin)} NULLS LAST, pdid`;
  }
}
