import type { ListingRecord } from '../../src/modules/listings';
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
};

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
  };
}
