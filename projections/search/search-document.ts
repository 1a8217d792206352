import { openHouseDayEnd } from '../../src/contract/open-house-time';
import { ON_MARKET_STATUSES } from '../../src/contract/search';
import { isLease, isPubliclyShown, type ListingRecord, type OpenHouse } from '../../src/modules/listings/listings.events';
import { cellsOf, unitVector } from './geo';
import { keywordWords, listingTypeBits, normalizeCounty, normalizeName, zip5Of } from './search-terms';

/** The listing as the search projection folds it: the record plus what search needs beyond it. */
export type SearchDoc = {
  readonly pdid: string;
  readonly mls: string;
  /** PublicRemarks is not kept: nothing searches it. */
  readonly record: ListingRecord;
  readonly brokenPhotos: readonly string[];
  /** The highest ListPrice the listing ever had (its OriginalListPrice and PreviousListPrice too): below it, the price was reduced. */
  readonly maxListPrice: number | null;
  /** The open houses `openhouse=1` reads: public ones whose day is not over (see searchableOpenHouses). */
  readonly openHouses: readonly OpenHouse[];
};

/**
 * What `openhouse=1` (contract section 3: "an open house from today on") counts: public open
 * houses only (broker opens are for agents, not the visitors who search), each until the end of
 * the local day it ends on. Those whose day ended by `at` (epoch ms) can never count again and are
 * dropped; remarks are not kept (nothing searches them).
 */
export const searchableOpenHouses = (all: readonly OpenHouse[], at: number): OpenHouse[] =>
  all.filter((o) => o.OpenHouseType === 'Public' && openHouseDayEnd(o.OpenHouseEndTime) > at).map((o) => ({ ...o, OpenHouseRemarks: null }));

/** The instant (ISO) until which the listing has an open house "from today on", or null: the latest day end. */
function openHouseUntil(openHouses: readonly OpenHouse[]): string | null {
  const ends = openHouses.map((o) => openHouseDayEnd(o.OpenHouseEndTime)).filter(Number.isFinite);
  return ends.length === 0 ? null : new Date(Math.max(...ends)).toISOString();
}

/**
 * What a search reads first: 1 for sale (ON_MARKET_STATUSES: Active, Active Under Contract,
 * Coming Soon), 2 sold (Closed); 3 and 4 the same for leases
 * (forrent=1); 0 for everything no search finds: other statuses, and listings the MLS does not
 * let be shown publicly (InternetEntireListingDisplayYN false).
 */
export function statusGroup(r: Pick<ListingRecord, 'StandardStatus' | 'PropertyType' | 'InternetEntireListingDisplayYN'>): number {
  if (!isPubliclyShown(r)) return 0;
  const s = r.StandardStatus;
  const base = ON_MARKET_STATUSES.includes(s) ? 1 : s === 'Closed' ? 2 : 0;
  return base === 0 ? 0 : isLease(r.PropertyType) ? base + 2 : base;
}

/** The status group a search reads (see statusGroup). */
export const groupOf = (c: { readonly sold: boolean; readonly forRent: boolean }): number => (c.sold ? 2 : 1) + (c.forRent ? 2 : 0);

/** The highest of the list prices a record names: its own, its original and its previous. */
export const highestListPrice = (r: Pick<ListingRecord, 'ListPrice' | 'OriginalListPrice' | 'PreviousListPrice'>, before: number | null): number | null => {
  const prices = [before, r.ListPrice, r.OriginalListPrice, r.PreviousListPrice].filter((p): p is number => p !== null);
  return prices.length === 0 ? null : Math.max(...prices);
};

export const priceOf = (r: Pick<ListingRecord, 'StandardStatus' | 'ListPrice' | 'ClosePrice'>): number | null =>
  r.StandardStatus === 'Closed' ? r.ClosePrice : r.ListPrice;

export type SearchFields = ReturnType<typeof derive>;
const derived = new WeakMap<SearchDoc, SearchFields>();

/** What the index derives from a doc; pure, so the projection and its tests agree (memoised per doc). */
export function deriveSearchFields(doc: SearchDoc): SearchFields {
  let d = derived.get(doc);
  if (!d) derived.set(doc, (d = derive(doc)));
  return d;
}

/**
 * deriveSearchFields without keeping the answer, for a doc derived once and dropped (the index's
 * start makes one a listing from its columns): a million memo entries made the start's garbage
 * live long enough to leave the heap a hundred MB of free room it kept.
 */
export const deriveSearchFieldsOnce = (doc: SearchDoc): SearchFields => derived.get(doc) ?? derive(doc);

function derive(doc: SearchDoc) {
  const r = doc.record;
  const p = r.Latitude !== null && r.Longitude !== null ? { lat: r.Latitude, lng: r.Longitude } : null;
  // A street address the MLS does not let be shown cannot find the listing either.
  const address = r.InternetAddressDisplayYN === false ? null : r.UnparsedAddress;
  const words = new Set([
    ...keywordWords(address),
    ...keywordWords(r.City),
    ...keywordWords(r.CountyOrParish ? `${r.CountyOrParish} County` : null),
    ...keywordWords(r.PostalCode),
    ...keywordWords(r.ListingId),
  ]);
  const [ux, uy, uz] = p ? unitVector(p) : [null, null, null];
  const visiblePhotos = r.photos.filter((u) => !doc.brokenPhotos.includes(u));
  return {
    grp: statusGroup(r),
    price: priceOf(r),
    priceReduced: r.ListPrice !== null && doc.maxListPrice !== null && r.ListPrice < doc.maxListPrice,
    kinds: listingTypeBits(r.PropertyType, r.PropertySubType),
    words: [...words],
    ux,
    uy,
    uz,
    ...(p ? cellsOf(p) : { cy: null, cx: null }),
    zip5: zip5Of(r.PostalCode),
    cityKey: normalizeName(r.City),
    countyKey: normalizeCounty(r.CountyOrParish),
    mlsidKey: normalizeName(r.ListingId),
    address,
    addressKey: normalizeName(address),
    forRent: isLease(r.PropertyType),
    sortDate: r.StandardStatus === 'Closed' ? r.CloseDate : r.ListingContractDate,
    visiblePhotos,
    allPhotosBroken: r.photos.length > 0 && visiblePhotos.length === 0,
    openHouseUntil: openHouseUntil(doc.openHouses),
  };
}
