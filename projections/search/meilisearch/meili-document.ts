import { CELL_LEVEL } from '../geo';
import { LISTING_TYPES, type ListingType } from '../search-criteria';
import { deriveSearchFields, type SearchDoc } from '../search-document';
import type { IndexedListing } from '../search-index.port';
import { toListing } from '../listing-row';
import { TYPE_BITS } from '../search-terms';
import type { MatchRow } from '../postgres/criteria-match';

/** Sort keys stand in for unknown values with these, so that unknown sorts last both ways. */
const LAST_ASC = 1e300;
const LAST_DESC = -1e300;

/**
 * One listing as the Meilisearch index holds it: the card's fields, what every criterion
 * compares (search-document.ts derives them, as for PostgreSQL), `_geo` for the geo filters and
 * sorts, the level-z grid cell as `cell<z>` for cluster counts by facet, and sort keys that are
 * never null (Meilisearch's own place for missing values is not the contract's "unknown last").
 */
export type MeiliDocument = MatchRow & {
  readonly pdid: string;
  readonly mls: string;
  readonly has_point: boolean;
  readonly _geo?: { readonly lat: number; readonly lng: number };
  readonly types: readonly ListingType[];
  readonly sort_date: string | null;
  /** The pdid's bytes in hex: sorts as the bytes do, whatever case folding the server applies to strings. */
  readonly s_pdid: string;
  readonly s_newest: number;
  readonly s_price_asc: number;
  readonly s_price_desc: number;
  readonly s_beds: number;
  readonly s_sqft: number;
  // The card.
  readonly listing_id: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postal_code: string | null;
  readonly county: string | null;
  readonly status: string;
  readonly property_type: string | null;
  readonly property_subtype: string | null;
  readonly location_approximate: boolean;
  readonly visible_photos: readonly string[];
  readonly all_photos_broken: boolean;
  readonly list_date: string | null;
  readonly close_date: string | null;
  readonly list_office: string | null;
  readonly list_agent: string | null;
  readonly address_display: boolean | null;
  readonly listing_display: boolean | null;
} & { readonly [cell: `cell${number}`]: string };

/** The cell of a level-20 row and column at cluster level `level` (0 to 20), as a facet value. */
export const cellKey = (cy: number, cx: number, level: number): string => {
  const shift = CELL_LEVEL - level;
  return `${Math.floor(cy / 2 ** shift)}:${Math.floor(cx / 2 ** shift)}`;
};
export const CELL_LEVELS = Array.from({ length: CELL_LEVEL + 1 }, (_, z) => z);

/** Days since the epoch of an ISO date (or instant), for a numeric newest-first key. */
function dateKey(date: string | null): number {
  const t = date === null ? NaN : Date.parse(date);
  return Number.isFinite(t) ? t : LAST_DESC;
}

export function meiliDocumentOf(doc: SearchDoc): MeiliDocument {
  const r = doc.record;
  const d = deriveSearchFields(doc);
  const point = r.Latitude !== null && r.Longitude !== null ? { lat: r.Latitude, lng: r.Longitude } : null;
  const cells: Record<string, string> = {};
  if (d.cy !== null && d.cx !== null) for (const z of CELL_LEVELS) cells[`cell${z}`] = cellKey(d.cy, d.cx, z);
  return {
    pdid: doc.pdid,
    mls: doc.mls,
    grp: d.grp,
    price: d.price,
    beds: r.BedroomsTotal,
    baths: r.BathroomsTotalInteger,
    sqft: r.LivingArea,
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    ux: d.ux,
    uy: d.uy,
    uz: d.uz,
    has_point: point !== null,
    ...(point ? { _geo: point } : {}),
    kinds: d.kinds,
    types: LISTING_TYPES.filter((t) => (d.kinds & TYPE_BITS[t]) !== 0),
    waterfront: r.WaterfrontYN,
    view: r.ViewYN,
    pool: r.PoolPrivateYN,
    new_construction: r.NewConstructionYN,
    price_reduced: d.priceReduced,
    city_key: d.cityKey,
    county_key: d.countyKey,
    zip5: d.zip5,
    mlsid_key: d.mlsidKey,
    open_house_until: d.openHouseUntil === null ? null : Date.parse(d.openHouseUntil),
    words: d.words,
    sort_date: d.sortDate,
    s_pdid: Buffer.from(doc.pdid, 'utf8').toString('hex'),
    s_newest: dateKey(d.sortDate),
    s_price_asc: d.price ?? LAST_ASC,
    s_price_desc: d.price ?? LAST_DESC,
    s_beds: r.BedroomsTotal ?? LAST_DESC,
    s_sqft: r.LivingArea ?? LAST_DESC,
    listing_id: r.ListingId,
    address: r.UnparsedAddress,
    city: r.City,
    state: r.StateOrProvince,
    postal_code: r.PostalCode,
    county: r.CountyOrParish,
    status: r.StandardStatus,
    property_type: r.PropertyType,
    property_subtype: r.PropertySubType,
    location_approximate: r.locationApproximate,
    visible_photos: d.visiblePhotos,
    all_photos_broken: d.allPhotosBroken,
    list_date: r.ListingContractDate,
    close_date: r.CloseDate,
    list_office: r.ListOfficeName,
    list_agent: r.ListAgentFullName,
    address_display: r.InternetAddressDisplayYN,
    listing_display: r.InternetEntireListingDisplayYN,
    ...cells,
  } as MeiliDocument;
}

/** What the index's filters and sorts read: declared once at start (settings). */
export const FILTERABLE = [
  'pdid',
  'grp',
  'price',
  'beds',
  'baths',
  'sqft',
  'lat',
  'lng',
  '_geo',
  'has_point',
  'types',
  'waterfront',
  'view',
  'pool',
  'new_construction',
  'price_reduced',
  'city_key',
  'county_key',
  'zip5',
  'mlsid_key',
  'open_house_until',
  'words',
  'listing_display',
  ...CELL_LEVELS.map((z) => `cell${z}`),
] as const;
export const SORTABLE = ['s_pdid', '_geo', 'lat', 'lng', 's_newest', 's_price_asc', 's_price_desc', 's_beds', 's_sqft'] as const;

/** The card of a document: its fields are named as the PostgreSQL columns are. */
export const listingOf = (d: MeiliDocument): IndexedListing => toListing(d);
