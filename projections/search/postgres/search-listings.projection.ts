import type pg from 'pg';
import { evolveListing, type ListingEvent, listingEventTypes, type ListingRecord, type OpenHouse } from '../../../src/modules/listings/listings.events';
import type { StoredEvent } from '../../../src/shared/event';
import type { Projection } from '../../runner';
import { deriveSearchFields, highestListPrice, type SearchDoc, searchableOpenHouses } from '../search-document';
import { applyAggregateDeltas, contributionsOf } from './search-aggregates';

/**
 * The PostgreSQL search index: one row per listed listing with what every criterion of
 * contract section 3 reads (a point with GiST for boxes and polygons, unit vectors for
 * great-circle radius and nearest, a tsvector of keyword words, B-trees for filters and every
 * sort), plus per-cell counts for big map viewports and name counts for autocomplete.
 */
export const searchProjection: Projection = {
  name: 'search',
  // 7: leases, unmappable listings (no point), IDX attribution and display flags, per-MLS update times.
  // 8: listings by their agent's MLS id (the dashboard's My listings).
  version: 8,
  // A single client's photo report hides nothing: only ListingPhotoReportedBroken does.
  eventTypes: listingEventTypes.filter((t) => t !== 'ListingPhotoReported'),
  tables: ['search_listings', 'search_cells', 'search_terms', 'search_mls_updates'],
  async createTables(tx, t) {
    await tx.query('CREATE EXTENSION IF NOT EXISTS cube');
    await tx.query(`CREATE TABLE ${t('search_listings')} (
      pdid text COLLATE "C" PRIMARY KEY,
      mls text NOT NULL,
      listing_key text NOT NULL,
      status text NOT NULL,
      grp smallint NOT NULL,
      list_price float8,
      close_price float8,
      price float8,
      max_list_price float8,
      price_reduced boolean NOT NULL,
      beds float8,
      baths float8,
      sqft float8,
      original_list_price float8,
      previous_list_price float8,
      lat float8,
      lng float8,
      location_approximate boolean NOT NULL,
      pt point,
      ux float8,
      uy float8,
      uz float8,
      u cube,
      cy int,
      cx int,
      listing_id text,
      mlsid_key text COLLATE "C",
      address text,
      address_key text COLLATE "C",
      city text,
      city_key text COLLATE "C",
      state text,
      postal_code text,
      zip5 text COLLATE "C",
      county text,
      county_key text COLLATE "C",
      property_type text,
      property_subtype text,
      kinds int NOT NULL,
      waterfront boolean,
      view boolean,
      pool boolean,
      new_construction boolean,
      list_office text,
      list_agent text,
      list_agent_mls_id text,
      list_office_mls_id text,
      address_display boolean,
      listing_display boolean,
      list_date text COLLATE "C",
      close_date text COLLATE "C",
      sort_date text COLLATE "C",
      modified_at text,
      photos text[] NOT NULL,
      broken_photos text[] NOT NULL,
      visible_photos text[] NOT NULL,
      all_photos_broken boolean NOT NULL,
      open_houses jsonb NOT NULL,
      open_house_until timestamptz,
      words tsvector NOT NULL
    )`);
    const idx = (sql: string) => tx.query(`CREATE INDEX ON ${t('search_listings')} ${sql}`);
    // Covering: a map's edge band is counted from the index alone (viewport-aggregates.ts).
    await idx('USING gist (pt) INCLUDE (grp, cy, cx, lat, lng)');
    // Nearest first: straight-line distance between unit vectors orders as great-circle does.
    await idx('USING gist (u)');
    await idx('USING gin (words)');
    // Newest first is the default sort: its index holds what a pin needs, for walks over big maps.
    await idx('(grp, sort_date DESC NULLS LAST, pdid) INCLUDE (lat, lng, price, location_approximate)');
    await idx('(grp, price ASC NULLS LAST, pdid)');
    await idx('(grp, price DESC NULLS LAST, pdid)');
    await idx('(grp, beds DESC NULLS LAST, pdid)');
    await idx('(grp, sqft DESC NULLS LAST, pdid)');
    await idx('(grp, city_key)');
    await idx('(grp, zip5)');
    await idx('(grp, county_key)');
    await idx('(mlsid_key)');
    // An agent's own listings, whatever their status or display flags (agentListings).
    await idx('(list_agent_mls_id) WHERE list_agent_mls_id IS NOT NULL');
    await idx('(address_key)');
    // The ends of a viewport's matches (mapBounds), read without visiting the table.
    await idx('(grp, lat) INCLUDE (lng)');
    await idx('(grp, lng) INCLUDE (lat)');
    // openhouse=1 compares with the time of the query: few listings have one, so they are found first.
    await idx('(grp, open_house_until) WHERE open_house_until IS NOT NULL');
    // Listings without a point are in no map cell: a whole-map count adds them from here.
    await idx('(grp) WHERE lat IS NULL');
    await tx.query(`CREATE TABLE ${t('search_cells')} (
      grp smallint NOT NULL, lvl smallint NOT NULL, cy int NOT NULL, cx int NOT NULL,
      n int NOT NULL, sum_lat float8 NOT NULL, sum_lng float8 NOT NULL,
      PRIMARY KEY (grp, lvl, cy, cx)
    )`);
    // Autocomplete names: one row per word a name can be found by (see search-aggregates.ts).
    await tx.query(`CREATE TABLE ${t('search_terms')} (
      kind text NOT NULL, key text COLLATE "C" NOT NULL, name text COLLATE "C" NOT NULL, label text NOT NULL, n int NOT NULL,
      PRIMARY KEY (kind, key, name)
    )`);
    // When each MLS's listings last changed here: the disclaimers' "last updated".
    await tx.query(`CREATE TABLE ${t('search_mls_updates')} (mls text COLLATE "C" PRIMARY KEY, updated_at timestamptz NOT NULL)`);
  },

  async apply(events, { tx, table }) {
    const pdids = [...new Set(events.map((e) => (e.data as { pdid: string }).pdid))];
    const before = await loadDocs(tx, table('search_listings'), pdids);
    const after = new Map<string, SearchDoc | undefined>(before);
    for (const e of events) {
      const pdid = (e.data as { pdid: string }).pdid;
      after.set(pdid, evolveDoc(after.get(pdid), e));
    }
    const upserts: SearchDoc[] = [];
    const deletes: string[] = [];
    for (const pdid of pdids) {
      const doc = after.get(pdid);
      if (doc) upserts.push(doc);
      else if (before.has(pdid)) deletes.push(pdid);
    }
    await writeDocs(tx, table('search_listings'), upserts);
    if (deletes.length > 0) await tx.query(`DELETE FROM ${table('search_listings')} WHERE pdid = ANY($1::text[])`, [deletes]);
    const minus = pdids.flatMap((p) => contributionsOf(before.get(p)));
    const plus = pdids.flatMap((p) => contributionsOf(after.get(p)));
    await applyAggregateDeltas(tx, table('search_cells'), table('search_terms'), minus, plus);
    await noteUpdates(tx, table('search_mls_updates'), events);
  },
};

/**
 * The search projection's fold: the listings context's own evolve, plus the highest price seen
 * and the open houses search reads (those whose day ended before the event are dropped: the
 * event's own time keeps rebuilds deterministic).
 */
export function evolveDoc(doc: SearchDoc | undefined, stored: StoredEvent): SearchDoc | undefined {
  const e = stored as unknown as ListingEvent;
  const state = evolveListing(
    doc ? { listed: true, pdid: doc.pdid, mls: doc.mls, record: doc.record, brokenPhotos: doc.brokenPhotos, photoReports: [], openHouses: doc.openHouses } : { listed: false, removed: false },
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
async function noteUpdates(tx: pg.PoolClient, table: string, events: readonly StoredEvent[]): Promise<void> {
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

type Row = {
  pdid: string; mls: string; listing_key: string; status: ListingRecord['StandardStatus'];
  list_price: number | null; close_price: number | null; close_date: string | null; modified_at: string | null;
  original_list_price: number | null; previous_list_price: number | null;
  listing_id: string | null; address: string | null; city: string | null; state: string | null; postal_code: string | null;
  county: string | null; lat: number | null; lng: number | null; location_approximate: boolean;
  beds: number | null; baths: number | null; sqft: number | null;
  property_type: string | null; property_subtype: string | null; list_date: string | null;
  waterfront: boolean | null; view: boolean | null; pool: boolean | null; new_construction: boolean | null;
  list_office: string | null; list_agent: string | null; list_agent_mls_id: string | null; list_office_mls_id: string | null;
  address_display: boolean | null; listing_display: boolean | null;
  photos: string[]; broken_photos: string[]; max_list_price: number | null; open_houses: OpenHouse[];
};

async function loadDocs(tx: pg.PoolClient, table: string, pdids: readonly string[]): Promise<Map<string, SearchDoc>> {
  const { rows } = await tx.query<Row>(
    `SELECT pdid, mls, listing_key, status, list_price, close_price, close_date, modified_at, original_list_price, previous_list_price,
       listing_id, address, city, state, postal_code, county, lat, lng, location_approximate, beds, baths, sqft, property_type,
       property_subtype, list_date, waterfront, view, pool, new_construction, list_office, list_agent, list_agent_mls_id,
       list_office_mls_id, address_display, listing_display, photos, broken_photos, max_list_price, open_houses
     FROM ${table} WHERE pdid = ANY($1::text[])`,
    [pdids],
  );
  return new Map(rows.map((r) => [r.pdid, docOf(r)]));
}

function docOf(r: Row): SearchDoc {
  return {
    pdid: r.pdid,
    mls: r.mls,
    brokenPhotos: r.broken_photos,
    maxListPrice: r.max_list_price,
    openHouses: r.open_houses,
    record: {
      ListingKey: r.listing_key,
      StandardStatus: r.status,
      ListPrice: r.list_price,
      ClosePrice: r.close_price,
      CloseDate: r.close_date,
      ModificationTimestamp: r.modified_at,
      ListingId: r.listing_id,
      UnparsedAddress: r.address,
      City: r.city,
      StateOrProvince: r.state,
      PostalCode: r.postal_code,
      CountyOrParish: r.county,
      Latitude: r.lat,
      Longitude: r.lng,
      locationApproximate: r.location_approximate,
      BedroomsTotal: r.beds,
      BathroomsTotalInteger: r.baths,
      LivingArea: r.sqft,
      PropertyType: r.property_type,
      PropertySubType: r.property_subtype,
      ListingContractDate: r.list_date,
      PublicRemarks: null,
      WaterfrontYN: r.waterfront,
      ViewYN: r.view,
      PoolPrivateYN: r.pool,
      NewConstructionYN: r.new_construction,
      OriginalListPrice: r.original_list_price,
      PreviousListPrice: r.previous_list_price,
      ListOfficeName: r.list_office,
      ListAgentFullName: r.list_agent,
      ListAgentMlsId: r.list_agent_mls_id,
      ListOfficeMlsId: r.list_office_mls_id,
      InternetAddressDisplayYN: r.address_display,
      InternetEntireListingDisplayYN: r.listing_display,
      photos: r.photos,
    },
  };
}

const COLUMNS = `pdid text, mls text, listing_key text, status text, grp smallint, list_price float8, close_price float8, price float8,
  max_list_price float8, price_reduced boolean, original_list_price float8, previous_list_price float8, beds float8, baths float8,
  sqft float8, lat float8, lng float8, location_approximate boolean,
  ux float8, uy float8, uz float8, cy int, cx int, listing_id text, mlsid_key text, address text, address_key text, city text,
  city_key text, state text, postal_code text, zip5 text, county text, county_key text, property_type text, property_subtype text,
  kinds int, waterfront boolean, view boolean, pool boolean, new_construction boolean, list_office text, list_agent text,
  list_agent_mls_id text, list_office_mls_id text, address_display boolean, listing_display boolean, list_date text, close_date text,
  sort_date text, modified_at text, photos text[], broken_photos text[], visible_photos text[], all_photos_broken boolean,
  open_houses jsonb, open_house_until timestamptz, words text[]`;
const NAMES = COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]!);

async function writeDocs(tx: pg.PoolClient, table: string, docs: readonly SearchDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const rows = docs.map((doc) => {
    const r = doc.record;
    const d = deriveSearchFields(doc);
    return {
      pdid: doc.pdid, mls: doc.mls, listing_key: r.ListingKey, status: r.StandardStatus, grp: d.grp,
      list_price: r.ListPrice, close_price: r.ClosePrice, price: d.price, max_list_price: doc.maxListPrice,
      price_reduced: d.priceReduced, original_list_price: r.OriginalListPrice, previous_list_price: r.PreviousListPrice,
      beds: r.BedroomsTotal, baths: r.BathroomsTotalInteger, sqft: r.LivingArea,
      lat: r.Latitude, lng: r.Longitude, location_approximate: r.locationApproximate, ux: d.ux, uy: d.uy, uz: d.uz, cy: d.cy, cx: d.cx,
      listing_id: r.ListingId, mlsid_key: d.mlsidKey, address: r.UnparsedAddress, address_key: d.addressKey,
      city: r.City, city_key: d.cityKey, state: r.StateOrProvince, postal_code: r.PostalCode, zip5: d.zip5,
      county: r.CountyOrParish, county_key: d.countyKey, property_type: r.PropertyType, property_subtype: r.PropertySubType,
      kinds: d.kinds, waterfront: r.WaterfrontYN, view: r.ViewYN, pool: r.PoolPrivateYN, new_construction: r.NewConstructionYN,
      list_office: r.ListOfficeName, list_agent: r.ListAgentFullName, list_agent_mls_id: r.ListAgentMlsId, list_office_mls_id: r.ListOfficeMlsId,
      address_display: r.InternetAddressDisplayYN, listing_display: r.InternetEntireListingDisplayYN,
      list_date: r.ListingContractDate, close_date: r.CloseDate, sort_date: d.sortDate, modified_at: r.ModificationTimestamp,
      photos: r.photos, broken_photos: doc.brokenPhotos, visible_photos: d.visiblePhotos, all_photos_broken: d.allPhotosBroken,
      open_houses: doc.openHouses, open_house_until: d.openHouseUntil, words: d.words,
    };
  });
  const cols = NAMES.filter((n) => n !== 'words');
  await tx.query(
    `INSERT INTO ${table} (${cols.join(', ')}, pt, u, words)
     SELECT ${cols.map((c) => `r.${c}`).join(', ')}, point(r.lng, r.lat), CASE WHEN r.ux IS NULL THEN NULL ELSE cube(ARRAY[r.ux, r.uy, r.uz]) END, array_to_tsvector(r.words)
     FROM jsonb_to_recordset($1::jsonb) AS r(${COLUMNS})
     ON CONFLICT (pdid) DO UPDATE SET ${[...cols.filter((c) => c !== 'pdid'), 'pt', 'u', 'words'].map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}
