import { openHouseDayEnd } from '../../src/contract/open-house-time';
import type { ListingRecord, OpenHouse } from '../../src/modules/listings/listings.events';
import { cellsOf, unitVector } from './geo';
import { keywordWords, listingTypeBits, normalizeCounty, normalizeName, zip5Of } from './search-terms';

/** The listing as the search projection folds it: the record plus what search needs beyond it. */
export type SearchDoc = {
  readonly pdid: string;
  readonly mls: string;
  /** PublicRemarks is not kept: nothing searches it. */
  readonly record: ListingRecord;
  readonly brokenPhotos: readonly string[];
  /** The highest ListPrice the listing ever had: below it, the price was reduced. */
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

/** 1 Active, 2 Closed (sold), 0 every other status: searches read groups 1 and 2 only. */
export const statusGroup = (status: string): number => (status === 'Active' ? 1 : status === 'Closed' ? 2 : 0);

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

function derive(doc: SearchDoc) {
  const r = doc.record;
  const p = { lat: r.Latitude, lng: r.Longitude };
  const words = new Set([
    ...keywordWords(r.UnparsedAddress),
    ...keywordWords(r.City),
    ...keywordWords(r.CountyOrParish ? `${r.CountyOrParish} County` : null),
    ...keywordWords(r.PostalCode),
    ...keywordWords(r.ListingId),
  ]);
  const [ux, uy, uz] = unitVector(p);
  const visiblePhotos = r.photos.filter((u) => !doc.brokenPhotos.includes(u));
  return {
    grp: statusGroup(r.StandardStatus),
    price: priceOf(r),
    priceReduced: r.ListPrice !== null && doc.maxListPrice !== null && r.ListPrice < doc.maxListPrice,
    kinds: listingTypeBits(r.PropertyType, r.PropertySubType),
    words: [...words],
    ux,
    uy,
    uz,
    ...cellsOf(p),
    zip5: zip5Of(r.PostalCode),
    cityKey: normalizeName(r.City),
    countyKey: normalizeCounty(r.CountyOrParish),
    mlsidKey: normalizeName(r.ListingId),
    addressKey: normalizeName(r.UnparsedAddress),
    sortDate: r.StandardStatus === 'Closed' ? r.CloseDate : r.ListingContractDate,
    visiblePhotos,
    allPhotosBroken: r.photos.length > 0 && visiblePhotos.length === 0,
    openHouseUntil: openHouseUntil(doc.openHouses),
  };
}
