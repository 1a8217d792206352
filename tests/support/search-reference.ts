import { CELL_LEVEL, cellsOf } from '../../projections/search';
import type { ListingRecord, OpenHouse } from '../../src/modules/listings';

/**
 * A brute-force search written from the words of contract section 3, over the listings as
 * folded from their events. It reads the criteria as the raw strings a browser sends and shares
 * nothing with the parser or the index but the definition of a keyword word and of a map cell.
 */
export type ReferenceListing = {
  readonly pdid: string;
  readonly record: ListingRecord;
  /** Every list price the listing had or named (OriginalListPrice and PreviousListPrice too). */
  readonly listPrices: readonly number[];
  /** As the listing's events leave them: cancelled ones gone, past ones still there. */
  readonly openHouses: readonly OpenHouse[];
};

const R = 3958.8;
const rad = (d: number) => (d * Math.PI) / 180;

export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

const words = (s: string | null | undefined): string[] => (s ? (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : []);
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter(Boolean);
const price = (r: ListingRecord) => (r.StandardStatus === 'Closed' ? r.ClosePrice : r.ListPrice);
const atLeast = (v: number | null, min: string | undefined) => min === undefined || (v !== null && v >= Number(min));
const atMost = (v: number | null, max: string | undefined) => max === undefined || (v !== null && v <= Number(max));

/** Even-odd rule: a ray to the east crosses the ring an odd number of times. */
function inRing(lat: number, lng: number, ring: { lat: number; lng: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const yi = ring[i]!.lat,
      xi = ring[i]!.lng,
      yj = ring[j]!.lat,
      xj = ring[j]!.lng;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function polygonsOf(text: string): { lat: number; lng: number }[][] {
  return text.split(':').map((p) => {
    const pts = p.split(',').map((pair) => {
      const [lat, lng] = pair.trim().split(/\s+/).map(Number);
      return { lat: lat!, lng: lng! };
    });
    const last = pts.at(-1)!;
    return last.lat === pts[0]!.lat && last.lng === pts[0]!.lng ? pts.slice(0, -1) : pts;
  });
}

const TYPES: Record<string, (r: ListingRecord) => boolean> = {
  singlefamily: (r) => r.PropertySubType === 'Single Family Residence',
  condo: (r) => r.PropertySubType === 'Condominium',
  townhouse: (r) => r.PropertySubType === 'Townhouse',
  multifamily: (r) => r.PropertyType === 'Residential Income' || ['Duplex', 'Triplex', 'Quadruplex'].includes(r.PropertySubType ?? ''),
  land: (r) => r.PropertyType === 'Land',
  mobile: (r) => ['Manufactured Home', 'Mobile Home'].includes(r.PropertySubType ?? ''),
  farm: (r) => r.PropertyType === 'Farm',
  commercial: (r) => ['Commercial Sale', 'Commercial Lease'].includes(r.PropertyType ?? ''),
};

/**
 * "An open house from today on": a public one (visitors search; broker opens are not theirs)
 * whose date is today or later, both read where the home is, at the offset the feed wrote.
 */
function hasOpenHouseFromToday(openHouses: readonly OpenHouse[], now: number): boolean {
  return openHouses.some((o) => {
    const zone = /(Z|([+-])(\d{2}):(\d{2}))$/.exec(o.OpenHouseEndTime);
    if (o.OpenHouseType !== 'Public' || !zone) return false;
    const offsetMs = zone[1] === 'Z' ? 0 : (zone[2] === '-' ? -1 : 1) * (Number(zone[3]) * 60 + Number(zone[4])) * 60_000;
    const today = new Date(now + offsetMs).toISOString().slice(0, 10);
    return o.OpenHouseEndTime.slice(0, 10) >= today;
  });
}

/** A listing on the map: one with a point (its own or its postal code's centre). */
export const mappable = (l: ReferenceListing): boolean => l.record.Latitude !== null && l.record.Longitude !== null;
const at = (r: ListingRecord) => ({ lat: r.Latitude!, lng: r.Longitude! });

export function referenceMatches(all: readonly ReferenceListing[], c: Readonly<Record<string, string>>, now = Date.now()): ReferenceListing[] {
  const county = (s: string | null) =>
    (s ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLowerCase()
      .replace(/ county$/, '');
  const polygons = c.polygonmap ? polygonsOf(c.polygonmap) : undefined;
  const geo = polygons !== undefined || c.radius !== undefined || c.minlat !== undefined;
  return all.filter((l) => {
    const { record: r, listPrices, openHouses } = l;
    // Never shown publicly: InternetEntireListingDisplayYN false.
    if (r.InternetEntireListingDisplayYN === false) return false;
    // Sold: Closed; otherwise on the market: Active, Active Under Contract or Coming Soon.
    if (c.soldproperty === '1' ? r.StandardStatus !== 'Closed' : !['Active', 'Active Under Contract', 'Coming Soon'].includes(r.StandardStatus)) return false;
    // Leases only with forrent=1, and only leases then.
    const lease = r.PropertyType === 'Residential Lease' || r.PropertyType === 'Commercial Lease';
    if ((c.forrent === '1') !== lease) return false;
    // No point: on no map, in no box, polygon or radius.
    if (geo && !mappable(l)) return false;
    for (const f of ['kw', 'acl_kw']) {
      if (c[f] === undefined) continue;
      // A street address the MLS does not let be shown finds nothing.
      const address = r.InternetAddressDisplayYN === false ? null : r.UnparsedAddress;
      const have = new Set([
        ...words(address),
        ...words(r.City),
        ...words(r.CountyOrParish ? `${r.CountyOrParish} County` : null),
        ...words(r.PostalCode),
        ...words(r.ListingId),
      ]);
      if (!words(c[f]).every((w) => have.has(w))) return false;
    }
    for (const f of ['city', 'acl_city'])
      if (c[f] !== undefined && !list(c[f]!).includes((r.City ?? '').trim().replace(/\s+/g, ' ').toLowerCase())) return false;
    if (c.acl_county !== undefined && (!r.CountyOrParish || county(r.CountyOrParish) !== county(c.acl_county))) return false;
    for (const f of ['zip', 'acl_zip5']) if (c[f] !== undefined && !list(c[f]!).includes((r.PostalCode ?? '').slice(0, 5))) return false;
    if (c.mlsid !== undefined && !list(c.mlsid).includes((r.ListingId ?? '').toLowerCase())) return false;
    if (!atLeast(price(r), c.minprice) || !atMost(price(r), c.maxprice)) return false;
    if (!atLeast(r.BedroomsTotal, c.beds) || !atLeast(r.BathroomsTotalInteger, c.baths)) return false;
    if (!atLeast(r.LivingArea, c.minsqft) || !atMost(r.LivingArea, c.maxsqft)) return false;
    if (c.listingtype !== undefined && !c.listingtype.split(',').some((t) => TYPES[t]!(r))) return false;
    if (c.waterfront === '1' && r.WaterfrontYN !== true) return false;
    if (c.view === '1' && r.ViewYN !== true) return false;
    if (c.pool === '1' && r.PoolPrivateYN !== true) return false;
    if (c.newconstruction === '1' && r.NewConstructionYN !== true) return false;
    if (c.openhouse === '1' && !hasOpenHouseFromToday(openHouses, now)) return false;
    if (c.pricereduced === '1' && !(r.ListPrice !== null && listPrices.some((p) => p > r.ListPrice!))) return false;
    if (!geo) return true;
    const { lat, lng } = at(r);
    if (polygons && !polygons.some((ring) => inRing(lat, lng, ring))) return false;
    if (c.radius !== undefined && haversineMiles(Number(c.lat), Number(c.long), lat, lng) > Number(c.radius)) return false;
    if (c.minlat !== undefined) {
      if (lat < Number(c.minlat) || lat > Number(c.maxlat) || lng < Number(c.minlong) || lng > Number(c.maxlong)) return false;
    }
    return true;
  });
}

const byPdid = (a: ReferenceListing, b: ReferenceListing) => Buffer.compare(Buffer.from(a.pdid), Buffer.from(b.pdid));
/** Descending with unknown values last, then pdid ascending in byte order. */
const desc = (f: (l: ReferenceListing) => number | string | null) => (a: ReferenceListing, b: ReferenceListing) => {
  const x = f(a),
    y = f(b);
  if (x === y) return byPdid(a, b);
  if (x === null) return 1;
  if (y === null) return -1;
  return x > y ? -1 : 1;
};

export function referenceOrder(matches: readonly ReferenceListing[], c: Readonly<Record<string, string>>): ReferenceListing[] {
  const sort = c.sortby ?? 'newest';
  let compare: (a: ReferenceListing, b: ReferenceListing) => number;
  if (sort === 'newest') compare = desc((l) => (l.record.StandardStatus === 'Closed' ? l.record.CloseDate : l.record.ListingContractDate));
  else if (sort === 'price-desc') compare = desc((l) => price(l.record));
  else if (sort === 'beds-desc') compare = desc((l) => l.record.BedroomsTotal);
  else if (sort === 'sqft-desc') compare = desc((l) => l.record.LivingArea);
  else if (sort === 'price-asc')
    compare = desc((l) => {
      const p = price(l.record);
      return p === null ? null : -p;
    });
  else {
    let o: { lat: number; lng: number };
    if (c.lat !== undefined) o = { lat: Number(c.lat), lng: Number(c.long) };
    else if (c.minlat !== undefined) o = { lat: (Number(c.minlat) + Number(c.maxlat)) / 2, lng: (Number(c.minlong) + Number(c.maxlong)) / 2 };
    else {
      const pts = polygonsOf(c.polygonmap!).flat();
      o = {
        lat: (Math.min(...pts.map((p) => p.lat)) + Math.max(...pts.map((p) => p.lat))) / 2,
        lng: (Math.min(...pts.map((p) => p.lng)) + Math.max(...pts.map((p) => p.lng))) / 2,
      };
    }
    // Listings without a point are farthest of all.
    compare = desc((l) => (mappable(l) ? -haversineMiles(o.lat, o.lng, at(l.record).lat, at(l.record).lng) : null));
  }
  return [...matches].sort(compare);
}

/** Matches per map cell of the given level: the true counts clusters must show (listings without a point are in none). */
export function referenceClusters(matches: readonly ReferenceListing[], level: number): Map<string, number> {
  return new Map([...referenceClusterMeans(matches, level)].map(([k, c]) => [k, c.count]));
}

/** A map's clusters by cell ("row/column" at `level`): how many matches with a point, and their mean position. */
export function referenceClusterMeans(
  matches: readonly ReferenceListing[],
  level: number,
): Map<string, { count: number; latitude: number; longitude: number }> {
  const sums = new Map<string, { count: number; lat: number; lng: number }>();
  for (const m of matches.filter(mappable)) {
    const k = clusterCell(at(m.record), level);
    const c = sums.get(k) ?? { count: 0, lat: 0, lng: 0 };
    sums.set(k, { count: c.count + 1, lat: c.lat + m.record.Latitude!, lng: c.lng + m.record.Longitude! });
  }
  return new Map([...sums].map(([k, c]) => [k, { count: c.count, latitude: c.lat / c.count, longitude: c.lng / c.count }]));
}

/** The cell ("row/column") a point is in at `level`: a cluster's mean lies in its own cell. */
export function clusterCell(p: { lat: number; lng: number }, level: number): string {
  const shift = CELL_LEVEL - level;
  const { cy, cx } = cellsOf(p);
  return `${cy >> shift}/${cx >> shift}`;
}
