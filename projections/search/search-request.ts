import { type LatLng, LISTING_TYPES, type ListingType, type SearchCriteria, type SortBy, SORTS } from './search-criteria';
import { keywordWords, normalizeCounty, normalizeName } from './search-terms';
import { CRITERIA_FIELDS } from '../../src/contract/search';
import { validation } from '../../src/shared/errors';

export { CRITERIA_FIELDS };

export const SOLD_NEEDS_PLACE = 'Please enter a city or zip code to search for sold properties.';
export const EMPTY_LOCATION = 'Please enter a search location';
export const DEFAULT_PERPAGE = 24;
export const MAX_PERPAGE = 100;
/** Contract section 7 and the spec ("polygon vertices 4 to under 100"): beyond these, 400. */
export const MAX_POLYGONS = 10;
export const MAX_POLYGON_POINTS = 99;
/**
 * All the criteria of one request, names and values, in characters: ten polygons of 99 points
 * with six decimals (what the web app draws at most) take about 24,000.
 */
export const MAX_CRITERIA_CHARS = 32_000;
export const TOO_MANY_POLYGONS = `A search may have at most ${MAX_POLYGONS} polygons`;
export const TOO_MANY_POINTS = `A polygon may have at most ${MAX_POLYGON_POINTS} points`;
export const CRITERIA_TOO_LONG = `The search criteria are too long (at most ${MAX_CRITERIA_CHARS.toLocaleString('en-US')} characters)`;

/** Form fields that steer the answer, not the matches: the view, the map's zoom, the form's reset. */
const CONTROL_FIELDS = ['type', 'reset', 'zoom'] as const;
const KNOWN = new Set<string>([...CRITERIA_FIELDS, ...CONTROL_FIELDS]);
const FLAGS = ['soldproperty', 'forrent', 'waterfront', 'view', 'pool', 'newconstruction', 'openhouse', 'pricereduced'] as const;

export type SearchView = 'list' | 'map' | 'split';

export type SearchRequest = {
  readonly criteria: SearchCriteria;
  readonly page: number;
  /** As asked; each endpoint applies its own default and maximum. */
  readonly perpage: number | undefined;
  readonly type: SearchView | undefined;
  readonly zoom: number | undefined;
  /** The same for the same criteria, whatever their order or spelling. */
  readonly searchQs: string;
  readonly searchTitle: string;
};

type Raw = Record<string, unknown>;

/**
 * Reads the criteria of contract section 3 from a query string or a JSON body (values as
 * strings; numbers are taken too). Empty values count as not given. Anything malformed is a
 * 400 with a message naming the field: a filter is never silently dropped.
 */
export function parseSearchRequest(input: Raw, defaultView: SearchView): SearchRequest {
  const v: Record<string, string> = {};
  // Measured before anything is parsed: the work a request can ask for stays small.
  let chars = 0;
  for (const [key, value] of Object.entries(input)) {
    if (!KNOWN.has(key)) throw validation(`Unknown search field: ${key}`);
    if (Array.isArray(value)) throw validation(`${key} is given more than once`);
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw validation(`${key} must be a string`);
    const text = String(value).trim();
    chars += key.length + text.length;
    if (chars > MAX_CRITERIA_CHARS) throw validation(CRITERIA_TOO_LONG);
    if (text !== '') v[key] = text;
  }
  const canonical = new Map<string, string>();

  const flags = Object.fromEntries(FLAGS.map((f) => [f, flag(v, f)])) as Record<(typeof FLAGS)[number], boolean>;
  for (const f of FLAGS) if (flags[f]) canonical.set(f, '1');

  const keywords: string[][] = [];
  for (const f of ['kw', 'acl_kw'] as const) {
    if (v[f] === undefined) continue;
    const words = keywordWords(v[f]);
    if (words.length === 0) throw validation(EMPTY_LOCATION);
    keywords.push(words);
    canonical.set(f, v[f]!.replace(/\s+/g, ' '));
  }

  const names = (f: string, normalize: (s: string) => string | null, what: string): string[] | undefined => {
    if (v[f] === undefined) return undefined;
    const parts = v[f]!.split(',')
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .filter((s) => s !== '');
    const keys = parts.map(normalize);
    if (parts.length === 0 || keys.some((k) => k === null)) throw validation(`${f} must be ${what} joined by commas`);
    const unique = [...new Map(parts.map((p, i) => [keys[i]!, p])).entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    canonical.set(f, unique.map(([, p]) => p).join(','));
    return unique.map(([k]) => k);
  };
  const cities = (['city', 'acl_city'] as const).flatMap((f) => {
    const list = names(f, normalizeName, 'city names');
    return list ? [list] : [];
  });
  const counties: string[] = [];
  if (v.acl_county !== undefined) {
    const county = normalizeCounty(v.acl_county);
    if (!county) throw validation('acl_county must be a county name');
    counties.push(county);
    canonical.set('acl_county', v.acl_county.replace(/\s+/g, ' '));
  }
  const zips = (['zip', 'acl_zip5'] as const).flatMap((f) => {
    const list = names(f, (s) => (/^\d{5}$/.test(s) ? s : null), '5-digit zip codes');
    return list ? [list] : [];
  });
  const mlsList = names('mlsid', normalizeName, 'MLS numbers');
  const mlsids = mlsList ? [mlsList] : [];

  const number = (f: string, min = 0, max = Number.MAX_VALUE): number | undefined => {
    const text = v[f];
    if (text === undefined) return undefined;
    const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(n)) throw validation(`${f} must be a number`);
    if (n < min || n > max)
      throw validation(min === 0 && max === Number.MAX_VALUE ? `${f} must not be negative` : `${f} must be a number from ${min} to ${max}`);
    canonical.set(f, String(n));
    return n;
  };
  const minPrice = number('minprice');
  const maxPrice = number('maxprice');
  const minBeds = number('beds');
  const minBaths = number('baths');
  const minSqft = number('minsqft');
  const maxSqft = number('maxsqft');

  let types: ListingType[] | undefined;
  if (v.listingtype !== undefined) {
    const list = [
      ...new Set(
        v.listingtype
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter((s) => s !== ''),
      ),
    ];
    for (const t of list)
      if (!LISTING_TYPES.includes(t as ListingType)) throw validation(`Unknown listingtype ${JSON.stringify(t)}: use ${LISTING_TYPES.join(', ')}`);
    if (list.length === 0) throw validation(`listingtype must be ${LISTING_TYPES.join(', ')} joined by commas`);
    types = (list as ListingType[]).sort();
    canonical.set('listingtype', types.join(','));
  }

  if (flags.soldproperty && cities.length === 0 && zips.length === 0) throw validation(SOLD_NEEDS_PLACE);

  const lat = number('lat', -90, 90);
  const lng = number('long', -180, 180);
  if ((lat === undefined) !== (lng === undefined)) throw validation('lat and long go together');
  const point = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const radiusMiles = number('radius');
  if (radiusMiles !== undefined && radiusMiles <= 0) throw validation('radius must be a positive number of miles');
  if (radiusMiles !== undefined && !point) throw validation('radius needs lat and long');

  const boxValues = [number('minlat', -90, 90), number('maxlat', -90, 90), number('minlong', -180, 180), number('maxlong', -180, 180)];
  let box: SearchCriteria['box'];
  if (boxValues.some((b) => b !== undefined)) {
    if (boxValues.some((b) => b === undefined)) throw validation('minlat, maxlat, minlong and maxlong go together');
    const [minLat, maxLat, minLng, maxLng] = boxValues as number[];
    if (minLat! > maxLat!) throw validation('minlat must not be above maxlat');
    if (minLng! > maxLng!) throw validation('minlong must not be above maxlong');
    box = { minLat: minLat!, maxLat: maxLat!, minLng: minLng!, maxLng: maxLng! };
  }

  let polygons: LatLng[][] | undefined;
  if (v.polygonmap !== undefined) {
    polygons = parsePolygons(v.polygonmap);
    canonical.set('polygonmap', polygons.map(polygonText).sort().join(':'));
  }

  const sort = (v.sortby ?? 'newest') as SortBy;
  if (!SORTS.includes(sort)) throw validation(`sortby must be one of ${SORTS.join(', ')}`);
  if (sort !== 'newest') canonical.set('sortby', sort);
  let origin: LatLng | undefined;
  if (sort === 'nearest') {
    if (point) origin = point;
    else if (box) origin = { lat: (box.minLat + box.maxLat) / 2, lng: (box.minLng + box.maxLng) / 2 };
    else if (polygons) {
      const all = polygons.flat();
      const lats = all.map((p) => p.lat);
      const lngs = all.map((p) => p.lng);
      origin = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
    } else throw validation('sortby nearest needs lat and long, a map box or a polygon');
  }

  const page = wholeNumber(v, 'page', 1, 1_000_000) ?? 1;
  if (page > 1) canonical.set('page', String(page));
  const perpage = wholeNumber(v, 'perpage', 1, Number.MAX_SAFE_INTEGER);
  if (perpage !== undefined) canonical.set('perpage', String(perpage));
  const type = v.type as SearchView | undefined;
  if (type !== undefined && type !== 'list' && type !== 'map' && type !== 'split') throw validation('type must be list, map or split');
  const zoom = wholeNumber(v, 'zoom', 0, 22);

  const criteria: SearchCriteria = {
    keywords,
    cities,
    counties,
    zips,
    mlsids,
    minPrice,
    maxPrice,
    minBeds,
    minBaths,
    minSqft,
    maxSqft,
    types,
    sold: flags.soldproperty,
    forRent: flags.forrent,
    waterfront: flags.waterfront,
    view: flags.view,
    pool: flags.pool,
    newConstruction: flags.newconstruction,
    openHouse: flags.openhouse,
    priceReduced: flags.pricereduced,
    polygons,
    radius: radiusMiles !== undefined && point ? { center: point, miles: radiusMiles } : undefined,
    box,
    sort,
    origin,
  };
  const searchQs = CRITERIA_FIELDS.filter((f) => canonical.has(f))
    .map((f) => `${f}=${encodeURIComponent(canonical.get(f)!).replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%20/g, '+')}`)
    .join('&');
  return {
    criteria,
    page,
    perpage,
    type: type ?? (defaultView === 'list' ? undefined : defaultView),
    zoom,
    searchQs,
    searchTitle: searchTitleOf(criteria, canonical),
  };
}

function flag(v: Record<string, string>, f: string): boolean {
  const x = v[f];
  if (x === undefined || x === '0' || x === 'false') return false;
  if (x === '1' || x === 'true') return true;
  throw validation(`${f} must be 1 or 0`);
}

function wholeNumber(v: Record<string, string>, f: string, min: number, max: number): number | undefined {
  const text = v[f];
  if (text === undefined) return undefined;
  const n = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw validation(max === Number.MAX_SAFE_INTEGER ? `${f} must be a whole number from ${min}` : `${f} must be a whole number from ${min} to ${max}`);
  }
  return n;
}

const POLYGON_FORMAT = 'polygonmap must be "lat lng" pairs joined by ", ", the first point repeated at the end, polygons joined by ":"';

/** 'lat lng' pairs joined by ', ', the first point repeated at the end; several joined by ':'. */
export function parsePolygons(text: string): LatLng[][] {
  const parts = text.split(':');
  if (parts.length > MAX_POLYGONS) throw validation(TOO_MANY_POLYGONS);
  return parts.map((part) => {
    const pairs = part.split(',').map((s) => s.trim());
    // Plus the closing point; a ring given without it is counted below.
    if (pairs.length > MAX_POLYGON_POINTS + 1) throw validation(TOO_MANY_POINTS);
    const points = pairs.map((pair) => {
      const m = /^([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s+([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/.exec(pair);
      if (!m) throw validation(POLYGON_FORMAT);
      const p = { lat: Number(m[1]), lng: Number(m[2]) };
      if (!(p.lat >= -90 && p.lat <= 90 && p.lng >= -180 && p.lng <= 180))
        throw validation('polygonmap points must have a latitude from -90 to 90 and a longitude from -180 to 180');
      return p;
    });
    // The closing point repeats the first; a ring given without it is closed all the same.
    const last = points.at(-1)!;
    const ring = points.length > 1 && last.lat === points[0]!.lat && last.lng === points[0]!.lng ? points.slice(0, -1) : points;
    // Refused, not simplified: the answer, its searchQs and a saved search keep the criteria as asked.
    if (ring.length > MAX_POLYGON_POINTS) throw validation(TOO_MANY_POINTS);
    if (new Set(ring.map((p) => `${p.lat} ${p.lng}`)).size < 3) throw validation('A polygon needs at least 3 distinct points');
    return ring;
  });
}

const polygonText = (ring: readonly LatLng[]): string => [...ring, ring[0]!].map((p) => `${p.lat} ${p.lng}`).join(', ');

const TYPE_TITLES: Record<ListingType, string> = {
  singlefamily: 'Single-Family Homes',
  condo: 'Condos',
  townhouse: 'Townhouses',
  multifamily: 'Multi-Family Homes',
  land: 'Land',
  mobile: 'Mobile Homes',
  farm: 'Farms',
  commercial: 'Commercial Properties',
};

/** "Condos for Sale in Seattle", "Sold Homes in 98103", "Homes for Sale in the Map Area". */
function searchTitleOf(c: SearchCriteria, canonical: ReadonlyMap<string, string>): string {
  const what = c.types?.length === 1 ? TYPE_TITLES[c.types[0]!] : 'Homes';
  const head = c.forRent ? (c.sold ? `Rented ${what}` : `${what} for Rent`) : c.sold ? `Sold ${what}` : `${what} for Sale`;
  const list = (s: string | undefined) => (s ? s.split(',').join(' or ') : undefined);
  const place =
    list(canonical.get('acl_city') ?? canonical.get('city')) ??
    (canonical.get('acl_county') ? `${canonical.get('acl_county')!.replace(/\s+county$/i, '')} County` : undefined) ??
    list(canonical.get('acl_zip5') ?? canonical.get('zip')) ??
    canonical.get('acl_kw') ??
    canonical.get('kw') ??
    (c.polygons
      ? 'the Drawn Area'
      : c.radius
        ? `${c.radius.miles} Miles of ${c.radius.center.lat}, ${c.radius.center.lng}`
        : c.box
          ? 'the Map Area'
          : undefined);
  if (!place) return head;
  return c.radius && place.includes('Miles of') ? `${head} within ${place}` : `${head} in ${place}`;
}
