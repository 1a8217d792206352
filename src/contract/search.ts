/**
 * The search API as the browser and the server both know it (contract section 3): the criteria
 * vocabulary, the card and the answers' shapes. Types and constants only.
 */

/** The criteria fields, in the order the canonical query string lists them. */
export const CRITERIA_FIELDS = [
  'kw',
  'acl_kw',
  'acl_city',
  'city',
  'acl_county',
  'acl_zip5',
  'zip',
  'mlsid',
  'minprice',
  'maxprice',
  'beds',
  'baths',
  'minsqft',
  'maxsqft',
  'listingtype',
  'soldproperty',
  'forrent',
  'waterfront',
  'view',
  'pool',
  'newconstruction',
  'openhouse',
  'pricereduced',
  'polygonmap',
  'radius',
  'lat',
  'long',
  'minlat',
  'maxlat',
  'minlong',
  'maxlong',
  'sortby',
  'page',
  'perpage',
] as const;
export type CriteriaField = (typeof CRITERIA_FIELDS)[number];

export type ListingType = 'singlefamily' | 'condo' | 'townhouse' | 'multifamily' | 'land' | 'mobile' | 'farm' | 'commercial';
export const LISTING_TYPES: readonly ListingType[] = ['singlefamily', 'condo', 'townhouse', 'multifamily', 'land', 'mobile', 'farm', 'commercial'];

export type SortBy = 'newest' | 'price-asc' | 'price-desc' | 'beds-desc' | 'sqft-desc' | 'nearest';
export const SORTS: readonly SortBy[] = ['newest', 'price-asc', 'price-desc', 'beds-desc', 'sqft-desc', 'nearest'];

/** Search criteria: the spec's form fields, values as strings. */
export type Criteria = Readonly<Record<string, string>>;

/**
 * The StandardStatus values a search for homes for sale (or for rent) finds: every listing on
 * the market, whether it takes offers (Active), has accepted one but stays on the market (Active
 * Under Contract) or is about to come on it (Coming Soon). Pending and every off-market status
 * are not found; Closed only by a sold search.
 */
export const ON_MARKET_STATUSES: readonly string[] = ['Active', 'Active Under Contract', 'Coming Soon'];

/** What a card shows when every photo of its listing broke (served by the app). */
export const PLACEHOLDER_PHOTO_URL = '/demo-photos/placeholder.svg';

/** A result card (contract sections 3 and 4a): every key present, null when unknown. */
export type Card = {
  readonly pdid: string;
  readonly mlsid: string | null;
  /** Null also when the MLS does not let the street address be shown (InternetAddressDisplayYN false). */
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly county: string | null;
  readonly price: number | null;
  readonly priceShort: string | null;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly sqft: number | null;
  readonly status: string;
  readonly propertyType: string | null;
  /** Null when the listing cannot be placed at all (no coordinates, no known postal code). */
  readonly latitude: number | null;
  readonly longitude: number | null;
  /** True: latitude/longitude are the postal code's centre (or null), not the home's own point. */
  readonly locationApproximate: boolean;
  /** A lease (PropertyType Residential Lease or Commercial Lease): the price is per month. */
  readonly forRent: boolean;
  readonly photos: readonly string[];
  readonly listDate: string | null;
  readonly closeDate: string | null;
  /** IDX attribution: "Listing courtesy of {listOfficeName}" (and the agent when known). */
  readonly listOfficeName: string | null;
  readonly listAgentName: string | null;
};

/**
 * The disclaimer an MLS's licence asks every page that shows its listings to carry, with the
 * time its listings were last brought up to date (ISO instant; null when unknown).
 */
export type MlsDisclaimer = { readonly mls: string; readonly text: string; readonly updatedAt: string | null };

export type ListResponse = {
  readonly results: readonly Card[];
  readonly total: number;
  readonly page: number;
  readonly perpage: number;
  readonly searchTitle: string;
  readonly searchUrl: string;
  readonly searchQs: string;
  /** One per MLS whose listings the page shows. */
  readonly disclaimers: readonly MlsDisclaimer[];
};

/** `locationApproximate`: at the postal code's centre; the map draws it apart from precise pins. */
/** `inCluster`: the pin's cell is drawn as its cluster (not every match of the cell is pinned). */
export type Pin = {
  readonly pdid: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly priceShort: string;
  /** A lease's pin only: its label as the map draws it, the rent per month (`$2.1k/mo`); `priceShort` keeps the contract's form. */
  readonly priceLabel?: string;
  readonly locationApproximate: boolean;
  readonly inCluster?: boolean;
};

export type MapBounds = { readonly minLat: number; readonly maxLat: number; readonly minLng: number; readonly maxLng: number };

/**
 * Server-side cluster of the matches of one grid cell: a true count at their mean position.
 * `complete`: every match of the cell is among the pins, which the map draws instead.
 */
export type Cluster = { readonly latitude: number; readonly longitude: number; readonly count: number; readonly complete?: boolean };

export type MapResults = {
  readonly searchQs: string;
  readonly searchTitle: string;
  readonly searchUrl: string;
  readonly results: readonly Pin[];
  readonly mapBounds: MapBounds | null;
  readonly clusters?: readonly Cluster[];
};

export type MapResponse = {
  readonly total: number;
  readonly results: MapResults;
  /** Split view only: the list page beside the map. */
  readonly cards?: readonly Card[];
  readonly clusters?: readonly Cluster[];
  readonly page?: number;
  readonly perpage?: number;
  /** One per MLS whose listings the answer shows. */
  readonly disclaimers: readonly MlsDisclaimer[];
};

export type AutocompleteItem = { readonly friendlyInputName: string; readonly inputName: string; readonly value: string };
export type AutocompleteGroup = { readonly name: string; readonly groupcount: number; readonly items: readonly AutocompleteItem[] };
export type AutocompleteResponse = { readonly groups: readonly AutocompleteGroup[] };

export type HistoryEntry = {
  readonly at: string;
  readonly event: string;
  readonly price: number | null;
  readonly status: string | null;
};

/** An open house not yet over; times carry the feed's offset (the listing's local time). */
export type OpenHouse = { readonly start: string; readonly end: string; readonly type: 'Public' | 'Broker'; readonly remarks: string | null };

/** GET /api/details/{pdid}: the card plus what a listing page shows. */
export type ListingDetails = Card & {
  readonly remarks?: string | null;
  readonly history?: readonly HistoryEntry[];
  readonly openHouses?: readonly OpenHouse[];
  readonly disclaimer?: MlsDisclaimer;
  readonly [extra: string]: unknown;
};
