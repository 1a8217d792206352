/**
 * Search criteria after validation (contract section 3): what every SearchIndex adapter
 * answers. Text values are already normalised the way the index stores them (see
 * search-terms.ts), so that adapters compare, never interpret.
 */
import type { ListingType, SortBy } from '../../src/contract/search';

export { LISTING_TYPES, SORTS, type ListingType, type SortBy } from '../../src/contract/search';

export type LatLng = { readonly lat: number; readonly lng: number };
export type Box = { readonly minLat: number; readonly maxLat: number; readonly minLng: number; readonly maxLng: number };

export type SearchCriteria = {
  /** One entry per keyword field (kw, acl_kw): every word of every entry must be a word of the listing. */
  readonly keywords: readonly (readonly string[])[];
  /** One entry per field (city, acl_city): the listing's city is any of the entry's names. */
  readonly cities: readonly (readonly string[])[];
  readonly counties: readonly string[];
  readonly zips: readonly (readonly string[])[];
  readonly mlsids: readonly (readonly string[])[];
  readonly minPrice?: number;
  readonly maxPrice?: number;
  readonly minBeds?: number;
  readonly minBaths?: number;
  readonly minSqft?: number;
  readonly maxSqft?: number;
  readonly types?: readonly ListingType[];
  /** Closed listings only; otherwise those on the market (ON_MARKET_STATUSES) only. */
  readonly sold: boolean;
  /** Leases only (forrent=1); otherwise leases are left out. */
  readonly forRent: boolean;
  readonly waterfront: boolean;
  readonly view: boolean;
  readonly pool: boolean;
  readonly newConstruction: boolean;
  readonly openHouse: boolean;
  readonly priceReduced: boolean;
  /** Rings without the repeated closing point; a listing inside any of them matches. */
  readonly polygons?: readonly (readonly LatLng[])[];
  readonly radius?: { readonly center: LatLng; readonly miles: number };
  readonly box?: Box;
  readonly sort: SortBy;
  /** Where `nearest` measures from (set whenever sort is nearest). */
  readonly origin?: LatLng;
};

export const EARTH_RADIUS_MILES = 3958.8;
