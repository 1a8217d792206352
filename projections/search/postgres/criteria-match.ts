import { boxAround, chord2, chord2OfMiles, unitVector as unitOf } from '../geo';
import type { Box, LatLng, SearchCriteria } from '../search-criteria';
import { TYPE_BITS } from '../search-terms';
import { boundsOf } from './criteria-sql';

/** The columns of one search_listings row that criteria read. */
export type MatchRow = {
  readonly grp: number;
  readonly price: number | null;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly sqft: number | null;
  readonly lat: number;
  readonly lng: number;
  readonly ux: number;
  readonly uy: number;
  readonly uz: number;
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
  readonly words: readonly string[];
};

export const MATCH_COLUMNS =
  'grp, price, beds, baths, sqft, lat, lng, ux, uy, uz, kinds, waterfront, view, pool, new_construction, price_reduced, city_key, county_key, zip5, mlsid_key, tsvector_to_array(words) AS words';

const inBox = (r: MatchRow, b: Box) => r.lat >= b.minLat && r.lat <= b.maxLat && r.lng >= b.minLng && r.lng <= b.maxLng;
/** SQL's comparison with NULL is never true. */
const atLeast = (v: number | null, min: number | undefined) => min === undefined || (v !== null && v >= min);
const atMost = (v: number | null, max: number | undefined) => max === undefined || (v !== null && v <= max);

/** ringSql, term by term, with the same float arithmetic in the same order. */
function inRing(r: MatchRow, ring: Ring): boolean {
  if (!inBox(r, ring.bounds)) return false;
  let crossings = 0;
  for (const [aLat, bLat, dLng, dLat, aLng] of ring.edges) {
    if (r.lat > aLat !== r.lat > bLat && r.lng < (dLng * (r.lat - aLat)) / dLat + aLng) crossings++;
  }
  return ring.edges.length > 0 && crossings % 2 === 1;
}

type Ring = { readonly bounds: Box; readonly edges: readonly (readonly [number, number, number, number, number])[] };
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
  const ringOf = (ring: readonly LatLng[]): Ring => {
    const edges: [number, number, number, number, number][] = [];
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      // Horizontal edges never cross (and are left out of the SQL too).
      if (a.lat !== b.lat) edges.push([a.lat, b.lat, b.lng - a.lng, b.lat - a.lat, a.lng]);
    }
    return { bounds: boundsOf(ring), edges };
  };
  p = {
    words: [...new Set(c.keywords.flat())],
    types: c.types ? c.types.reduce((bits, t) => bits | TYPE_BITS[t], 0) : undefined,
    radius: c.radius ? { box: boxAround(c.radius.center, c.radius.miles), unit: unitOf(c.radius.center), max: chord2OfMiles(c.radius.miles) } : undefined,
    polygons: c.polygons ? { bounds: boundsOf(c.polygons.flat()), rings: c.polygons.map(ringOf) } : undefined,
  };
  prepared.set(c, p);
  return p;
}

/**
 * The JavaScript twin of whereSql (criteria-sql.ts) over one row: what SearchIndex.matchEach
 * evaluates for many saved searches at once without planning SQL for each. Every clause there
 * has its counterpart here; tests/organizer/match-all.int.spec.ts checks the two agree.
 */
export function matchesRow(c: SearchCriteria, r: MatchRow): boolean {
  if (r.grp !== (c.sold ? 2 : 1)) return false;
  const p = prepare(c);
  if (p.words.length > 0 && !p.words.every((w) => r.words.includes(w))) return false;
  for (const list of c.cities) if (r.city_key === null || !list.includes(r.city_key)) return false;
  for (const county of c.counties) if (r.county_key !== county) return false;
  for (const list of c.zips) if (r.zip5 === null || !list.includes(r.zip5)) return false;
  for (const list of c.mlsids) if (r.mlsid_key === null || !list.includes(r.mlsid_key)) return false;
  if (!atLeast(r.price, c.minPrice) || !atMost(r.price, c.maxPrice)) return false;
  if (!atLeast(r.beds, c.minBeds) || !atLeast(r.baths, c.minBaths)) return false;
  if (!atLeast(r.sqft, c.minSqft) || !atMost(r.sqft, c.maxSqft)) return false;
  if (p.types !== undefined && (r.kinds & p.types) === 0) return false;
  if ((c.waterfront && r.waterfront !== true) || (c.view && r.view !== true) || (c.pool && r.pool !== true)) return false;
  if ((c.newConstruction && r.new_construction !== true) || (c.priceReduced && !r.price_reduced)) return false;
  if (c.openHouse) return false;
  if (c.box && !inBox(r, c.box)) return false;
  if (p.radius && !(inBox(r, p.radius.box) && chord2([r.ux, r.uy, r.uz], p.radius.unit) <= p.radius.max)) return false;
  if (p.polygons && !(inBox(r, p.polygons.bounds) && p.polygons.rings.some((ring) => inRing(r, ring)))) return false;
  return true;
}
