import type pg from 'pg';
import type { ListingRecord, OpenHouse } from '../../../src/modules/listings/listings.events';
import type { Projection } from '../../runner';
import type { SearchDoc } from '../search-document';
import { applyAggregateDeltas, contributionsOf } from './search-aggregates';
import { replaySearchListings } from './search-bulk-load';
import { createSearchIndexes } from './search-indexes';
import { COLUMNS, evolveDoc, NAMES, noteUpdates, SEARCH_EVENT_TYPES, searchRowOf } from './search-rows';

export { evolveDoc } from './search-rows';

/**
 * The PostgreSQL search index: one row per listed listing with what every criterion of
 * contract section 3 reads (a point with GiST for boxes and polygons, unit vectors for
 * great-circle radius and nearest, a tsvector of keyword words, B-trees for filters and every
 * sort: the adapter's own indexes only when wanted, see search-indexes.ts), plus per-cell counts for big map viewports and name counts for autocomplete.
 */
export const searchProjection: Projection = {
  name: 'search',
  // 7: leases, unmappable listings (no point), IDX attribution and display flags, per-MLS update times.
  // 8: listings by their agent's MLS id (the dashboard's My listings).
  // 9: Coming Soon listings are for sale.
  // 10: each listing's lot size and year built (the valuation's comps).
  version: 10,
  eventTypes: SEARCH_EVENT_TYPES,
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
      lot_sqft float8,
      year_built float8,
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
    // The PostgreSQL adapter's own indexes only when an instance of this database reads them (search-indexes.ts).
    await createSearchIndexes(tx, t('search_listings'));
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
  // A rebuild (a new version, the back office's) COPYs into the fresh table and builds its indexes last.
  replay: (ctx) => replaySearchListings(ctx),
};

type Row = {
  pdid: string;
  mls: string;
  listing_key: string;
  status: ListingRecord['StandardStatus'];
  list_price: number | null;
  close_price: number | null;
  close_date: string | null;
  modified_at: string | null;
  original_list_price: number | null;
  previous_list_price: number | null;
  listing_id: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  county: string | null;
  lat: number | null;
  lng: number | null;
  location_approximate: boolean;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  lot_sqft: number | null;
  year_built: number | null;
  property_type: string | null;
  property_subtype: string | null;
  list_date: string | null;
  waterfront: boolean | null;
  view: boolean | null;
  pool: boolean | null;
  new_construction: boolean | null;
  list_office: string | null;
  list_agent: string | null;
  list_agent_mls_id: string | null;
  list_office_mls_id: string | null;
  address_display: boolean | null;
  listing_display: boolean | null;
  photos: string[];
  broken_photos: string[];
  max_list_price: number | null;
  open_houses: OpenHouse[];
};

async function loadDocs(tx: pg.PoolClient, table: string, pdids: readonly string[]): Promise<Map<string, SearchDoc>> {
  const { rows } = await tx.query<Row>(
    `SELECT pdid, mls, listing_key, status, list_price, close_price, close_date, modified_at, original_list_price, previous_list_price,
       listing_id, address, city, state, postal_code, county, lat, lng, location_approximate, beds, baths, sqft, lot_sqft, year_built,
       property_type, property_subtype, list_date, waterfront, view, pool, new_construction, list_office, list_agent, list_agent_mls_id,
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
      LotSizeSquareFeet: r.lot_sqft,
      YearBuilt: r.year_built,
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

async function writeDocs(tx: pg.PoolClient, table: string, docs: readonly SearchDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const rows = docs.map(searchRowOf);
  const cols = NAMES.filter((n) => n !== 'words');
  await tx.query(
    `INSERT INTO ${table} (${cols.join(', ')}, pt, u, words)
     SELECT ${cols.map((c) => `r.${c}`).join(', ')}, point(r.lng, r.lat), CASE WHEN r.ux IS NULL THEN NULL ELSE cube(ARRAY[r.ux, r.uy, r.uz]) END, array_to_tsvector(r.words)
     FROM jsonb_to_recordset($1::jsonb) AS r(${COLUMNS})
     ON CONFLICT (pdid) DO UPDATE SET ${[...cols.filter((c) => c !== 'pdid'), 'pt', 'u', 'words'].map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}
