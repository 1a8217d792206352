import type pg from 'pg';
import { evolveListing, type ListingEvent, listingEventTypes } from '../../../src/modules/listings/listings.events';
import type { EventMetadata, StoredEvent } from '../../../src/shared/event';
import { deriveSearchFields, highestListPrice, type SearchDoc, searchableOpenHouses } from '../search-document';

/** What the search projection reads: a single client's photo report hides nothing (only ListingPhotoReportedBroken does). */
export const SEARCH_EVENT_TYPES = listingEventTypes.filter((t) => t !== 'ListingPhotoReported');

/** What the fold reads of a stored event (the bulk load reads only this from the log). */
export type FoldedEvent = Pick<StoredEvent, 'type' | 'data'> & { readonly metadata: Pick<EventMetadata, 'at'> };

/**
 * The search projection's fold: the listings context's own evolve, plus the highest price seen
 * and the open houses search reads (those whose day ended before the event are dropped: the
 * event's own time keeps rebuilds deterministic).
 */
export function evolveDoc(doc: SearchDoc | undefined, stored: FoldedEvent): SearchDoc | undefined {
  const e = stored as unknown as ListingEvent;
  const state = evolveListing(
    doc
      ? { listed: true, pdid: doc.pdid, mls: doc.mls, record: doc.record, brokenPhotos: doc.brokenPhotos, photoReports: [], openHouses: doc.openHouses }
      : { listed: false, removed: false },
    e,
  );
  if (!state.listed) return undefined;
  const previousMax = e.type === 'ListingListed' ? null : (doc?.maxListPrice ?? null);
  const maxListPrice = highestListPrice(state.record, previousMax);
  const openHouses = searchableOpenHouses(state.openHouses, Date.parse(stored.metadata.at));
  return { pdid: state.pdid, mls: state.mls, record: { ...state.record, PublicRemarks: null }, brokenPhotos: state.brokenPhotos, maxListPrice, openHouses };
}

/** The events a feed's import appends (a visitor's broken-photo report is not an update of the MLS's data). */
const FEED_EVENTS = new Set<string>(listingEventTypes.filter((t) => t !== 'ListingPhotoReported' && t !== 'ListingPhotoReportedBroken'));

/** The latest time each MLS's listings changed, from the events' metadata (pdid = MLS-ListingKey, MLS names hold no '-'). */
export async function noteUpdates(tx: pg.PoolClient, table: string, events: readonly FoldedEvent[]): Promise<void> {
  const latest = new Map<string, string>();
  for (const e of events) {
    if (!FEED_EVENTS.has(e.type)) continue;
    const pdid = (e.data as { pdid: string }).pdid;
    const mls = pdid.slice(0, pdid.indexOf('-'));
    const at = new Date(e.metadata.at).toISOString();
    if ((latest.get(mls) ?? '') < at) latest.set(mls, at);
  }
  if (latest.size === 0) return;
  await tx.query(
    `INSERT INTO ${table} AS m (mls, updated_at) SELECT * FROM unnest($1::text[], $2::timestamptz[])
     ON CONFLICT (mls) DO UPDATE SET updated_at = greatest(m.updated_at, excluded.updated_at)`,
    [[...latest.keys()], [...latest.values()]],
  );
}

export const COLUMNS = `pdid text, mls text, listing_key text, status text, grp smallint, list_price float8, close_price float8, price float8,
  max_list_price float8, price_reduced boolean, original_list_price float8, previous_list_price float8, beds float8, baths float8,
  sqft float8, lot_sqft float8, year_built float8, lat float8, lng float8, location_approximate boolean,
  ux float8, uy float8, uz float8, cy int, cx int, listing_id text, mlsid_key text, address text, address_key text, city text,
  city_key text, state text, postal_code text, zip5 text, county text, county_key text, property_type text, property_subtype text,
  kinds int, waterfront boolean, view boolean, pool boolean, new_construction boolean, list_office text, list_agent text,
  list_agent_mls_id text, list_office_mls_id text, address_display boolean, listing_display boolean, list_date text, close_date text,
  sort_date text, modified_at text, photos text[], broken_photos text[], visible_photos text[], all_photos_broken boolean,
  open_houses jsonb, open_house_until timestamptz, words text[]`;
export const NAMES = COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]!);

/** A doc as the row writeDocs and the bulk load (search-bulk-load.ts) write: one way to map it. */
export function searchRowOf(doc: SearchDoc) {
  const r = doc.record;
  const d = deriveSearchFields(doc);
  return {
    pdid: doc.pdid,
    mls: doc.mls,
    listing_key: r.ListingKey,
    status: r.StandardStatus,
    grp: d.grp,
    list_price: r.ListPrice,
    close_price: r.ClosePrice,
    price: d.price,
    max_list_price: doc.maxListPrice,
    price_reduced: d.priceReduced,
    original_list_price: r.OriginalListPrice,
    previous_list_price: r.PreviousListPrice,
    beds: r.BedroomsTotal,
    baths: r.BathroomsTotalInteger,
    sqft: r.LivingArea,
    lot_sqft: r.LotSizeSquareFeet ?? null,
    year_built: r.YearBuilt ?? null,
    lat: r.Latitude,
    lng: r.Longitude,
    location_approximate: r.locationApproximate,
    ux: d.ux,
    uy: d.uy,
    uz: d.uz,
    cy: d.cy,
    cx: d.cx,
    listing_id: r.ListingId,
    mlsid_key: d.mlsidKey,
    address: r.UnparsedAddress,
    address_key: d.addressKey,
    city: r.City,
    city_key: d.cityKey,
    state: r.StateOrProvince,
    postal_code: r.PostalCode,
    zip5: d.zip5,
    county: r.CountyOrParish,
    county_key: d.countyKey,
    property_type: r.PropertyType,
    property_subtype: r.PropertySubType,
    kinds: d.kinds,
    waterfront: r.WaterfrontYN,
    view: r.ViewYN,
    pool: r.PoolPrivateYN,
    new_construction: r.NewConstructionYN,
    list_office: r.ListOfficeName,
    list_agent: r.ListAgentFullName,
    list_agent_mls_id: r.ListAgentMlsId,
    list_office_mls_id: r.ListOfficeMlsId,
    address_display: r.InternetAddressDisplayYN,
    listing_display: r.InternetEntireListingDisplayYN,
    list_date: r.ListingContractDate,
    close_date: r.CloseDate,
    sort_date: d.sortDate,
    modified_at: r.ModificationTimestamp,
    photos: r.photos,
    broken_photos: doc.brokenPhotos,
    visible_photos: d.visiblePhotos,
    all_photos_broken: d.allPhotosBroken,
    open_houses: doc.openHouses,
    open_house_until: d.openHouseUntil,
    words: d.words,
  };
}
export type SearchRow = ReturnType<typeof searchRowOf>;
