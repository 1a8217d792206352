import { boxAround, chord2, chord2OfMiles, unitVector as unitOf } from '../geo';
import type { Box, LatLng, SearchCriteria } from '../search-criteria';
import { groupOf } from '../search-document';
import { TYPE_BITS } from '../search-terms';
import { boundsOf } from './criteria-sql';

/** The columns of one search_listings row that criteria read. */
export type MatchRow = {
  readonly grp: number;
  readonly price: number | null;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly sqft: number | null;
  /** Null for a listing without a point: it fails every map criterion, as in SQL. */
  readonly lat: number | null;
  readonly lng: number | null;
  readonly ux: number | null;
  readonly uy: number | null;
  readonly uz: number | null;
  readonly kinds: number;
  readonly waterfront: boolean | null;
  readonly view: boolean | null;
  readonly pool: boolean | null;
  readonly new_construction: boolean | null;
  readonly price_reduced: boolean;
  readonly city_key: string | null;
  readonly county_key: string | null;
  readonly zip5: string | null;
  readonly mlsid_key: string | null;
  /** Epoch ms until which the listing has an open house "from today on" (see search-document.ts). */
  readonly open_house_until: number | null;
  readonly words: readonly string[];
};

export const MATCH_COLUMNS =
  'grp, price, beds, baths, sqft, lat, lng, ux, uy, uz, kinds, waterfront, view, pool, new_construction, price_reduced, city_key, county_key, zip5, mlsid_key, ' +
  '(extract(epoch FROM open_house_until) * 1000)::float8 AS open_house_until, tsvector_to_array(words) AS words';

type Located = MatchRow & { readonly lat: number; readonly lng: number; readonly ux: number; readonly uy: number; readonly uz: number };
const located = (r: MatchRow): r is Located => r.lat !== null && r.lng !== null && r.ux !== null && r.uy !== null && r.uz !== null;
const inBox = (r: MatchRow, b: Box): r is Located => located(r) && r.lat >= b.minLat && r.lat <= b.maxLat && r.lng >= b.minLng && r.lng <= b.maxLng;
/** SQL's comparison with NULL is never true. */
const atLeast = (v: number | null, min: number | undefined) => min === undefined || (v !== null && v >= min);
const atMost = (v: number | null, max: number | undefined) => max === undefined || (v !== null && v <= max);

/** ringSql, term by term, with the same float arithmetic in the same order. */
function inRing(r: Located, ring: Ring): boolean {
  return inBox(r, ring.bounds) && pointInRing(r.lat, r.lng, ring);
}

/** The even-odd test of ringSql for a point already inside the ring's bounds (the in-memory index tests its columns with it). */
export function pointInRing(lat: number, lng: number, ring: Ring): boolean {
  let crossings = 0;
  for (const [aLat, bLat, dLng, dLat, aLng] of ring.edges) {
    if (lat > aLat !== lat > bLat && lng < (dLng * (lat - aLat)) / dLat + aLng) crossings++;
  }
  return ring.edges.length > 0 && crossings % 2 === 1;
}

export type Ring = { readonly bounds: Box; readonly edges: readonly (readonly [number, number, number, number, number])[] };

/** A ring's edges as ringSql writes them: horizontal edges never cross (and are left out of the SQL too). */
export function ringOf(ring: readonly LatLng[]): Ring {
  const edges: [number, number, number, number, number][] = [];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat !== b.lat) edges.push([a.lat, b.lat, b.lng - a.lng, b.lat - a.lat, a.lng]);
  }
  return { bounds: boundsOf(ring), edges };
}
type Prepared = {
  readonly words: readonly string[];
  readonly types: number | undefined;
  readonly radius: { readonly box: Box; readonly unit: readonly number[]; readonly max: number } | undefined;
  readonly polygons: { readonly bounds: Box; readonly rings: readonly Ring[] } | undefined;
};

/** What each check needs of the criteria, computed once per criteria object (saved searches are matched again and again). */
const prepared = new WeakMap<SearchCriteria, Prepared>();
function prepare(c: SearchCriteria): Prepared {
  let p = prepared.get(c);
  if (p) return p;
  p = {
    words: [...new Set(c.keywords.flat())],
    types: c.types ? c.types.reduce((bits, t) => bits | TYPE_BITS[t], 0) : undefined,
    radius: c.radius ? { box: boxAround(c.radius.center, c.radius.miles), unit: unitOf(c.radius.center), max: chord2OfMiles(c.radius.miles) } : undefined,
    polygons: c.polygons ? { bounds: boundsOf(c.polygons.flat()), rings: c.polygons.map(ringOf) } : undefined,
  };
  prepared.set(c, p);
  return p;
}

export type Check = (r: MatchRow) => boolean;
const compiled = new WeakMap<SearchCriteria, readonly Check[]>();

/**
 * The criteria as a list of only the checks they ask for, cheapest first, made once per criteria
 * object: alerts test the same saved searches against change after change, and a search asks
 * for three or four things out of twenty.
 */
export function compile(c: SearchCriteria): readonly Check[] {
  const done = compiled.get(c);
  if (done) return done;
  const p = prepare(c);
  const checks: Check[] = [];
  const grp = groupOf(c);
  checks.push((r) => r.grp === grp);
  const { minPrice, maxPrice, minBeds, minBaths, minSqft, maxSqft, box } = c;
  if (minPrice !== undefined) checks.push((r) => atLeast(r.price, minPrice));
  if (maxPrice !== undefined) checks.push((r) => atMost(r.price, maxPrice));
  if (minBeds !== undefined) checks.push((r) => atLeast(r.beds, minBeds));
  if (minBaths !== undefined) checks.push((r) => atLeast(r.baths, minBaths));
  if (minSqft !== undefined) checks.push((r) => atLeast(r.sqft, minSqft));
  if (maxSqft !== undefined) checks.push((r) => atMost(r.sqft, maxSqft));
  if (box) checks.push((r) => inBox(r, box));
  for (const list of c.cities) checks.push((r) => r.city_key !== null && list.includes(r.city_key));
  for (const county of c.counties) checks.push((r) => r.county_key === county);
  for (const list of c.zips) checks.push((r) => r.zip5 !== null && list.includes(r.zip5));
  for (const list of c.mlsids) checks.push((r) => r.mlsid_key !== null && list.includes(r.mlsid_key));
  const types = p.types;
  if (types !== undefined) checks.push((r) => (r.kinds & types) !== 0);
  if (c.waterfront) checks.push((r) => r.waterfront === true);
  if (c.view) checks.push((r) => r.view === true);
  if (c.pool) checks.push((r) => r.pool === true);
  if (c.newConstruction) checks.push((r) => r.new_construction === true);
  if (c.priceReduced) checks.push((r) => r.price_reduced);
  // Decided at the time of the check, as whereSql decides at the time of the query (Params.now).
  if (c.openHouse) checks.push((r) => r.open_house_until !== null && r.open_house_until > Date.now());
  if (p.words.length > 0) checks.push((r) => p.words.every((w) => r.words.includes(w)));
  const radius = p.radius;
  if (radius) checks.push((r) => inBox(r, radius.box) && chord2([r.ux, r.uy, r.uz], radius.unit) <= radius.max);
  const polygons = p.polygons;
  if (polygons) checks.push((r) => inBox(r, polygons.bounds) && polygons.rings.some((ring) => inRing(r, ring)));
  compiled.set(c, checks);
  return checks;
}

/**
 * The JavaScript twin of whereSql (criteria-sql.ts) over one row: what SearchIndex.matchEach
 * evaluates for many saved searches at once without planning SQL for each. Every clause there
 * has its counterpart in compile() above; tests/organizer/match-all.int.spec.ts checks the two
 * agree.
 */
export function matchesRow(c: SearchCriteria, r: MatchRow): boolean {
  return passes(compile(c), r);
}

export function passes(checks: readonly Check[], r: MatchRow): boolean {
  for (const check of checks) if (!check(r)) return false;
  return true;
}
