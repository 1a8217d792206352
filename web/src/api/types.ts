/** Response shapes of the search API (contract section 3). Every card key is present, null when unknown. */

/** Search criteria: the spec's form fields, values as strings. */
export type Criteria = Readonly<Record<string, string>>;

export type Card = {
  readonly pdid: string;
  readonly mlsid: string | null;
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
  readonly status: string | null;
  readonly propertyType: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly photos: readonly string[] | null;
  readonly listDate: string | null;
  readonly closeDate: string | null;
};

export type ListResponse = {
  readonly results: readonly Card[];
  readonly total: number;
  readonly page: number;
  readonly perpage: number;
  readonly searchTitle: string;
  readonly searchUrl: string;
  readonly searchQs: string;
};

export type Pin = { readonly pdid: string; readonly latitude: number; readonly longitude: number; readonly priceShort: string };

export type MapBounds = { readonly minLat: number; readonly maxLat: number; readonly minLng: number; readonly maxLng: number };

/** Server-side cluster of matches beyond the pin cap: a true count at a representative point. */
export type Cluster = { readonly latitude: number; readonly longitude: number; readonly count: number };

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
  readonly [extra: string]: unknown;
};

/** GET /api/site (the accounts issue): the site this host serves and its public settings. */
export type SiteInfo = {
  readonly siteId: string;
  readonly name: string;
  readonly subdomain: string;
  readonly kind: 'broker' | 'agent' | 'brand';
  readonly DomainName: string | null;
  readonly isDefault: boolean;
  /** Branded sites hand search off to their master site at baseUrl. */
  readonly masterSite: { readonly siteId: string; readonly subdomain: string; readonly baseUrl: string } | null;
  readonly settings: Readonly<Record<string, unknown>>;
};

/** GET /api/config/public: server settings the web app needs. */
export type PublicConfig = {
  /** An online maplibre style; null: the offline basemap of US states and counties. */
  readonly mapStyleUrl: string | null;
  /** Google sign-in's client id; null: the site offers no Google button. */
  readonly googleClientId?: string | null;
};
