import type pg from 'pg';
import { logger } from '../../../src/shared/logger';

const log = logger('projections');

/**
 * The indexes of `search_listings` that readers use whatever SEARCH_INDEX is (with the in-memory
 * index too): each is named after its readers. Built with the table.
 */
const SHARED_INDEXES = [
  // Drawn polygons of more than 200 points (the in-memory index sends them here). Covering: the
  // PostgreSQL adapter counts a map's edge band from the index alone (viewport-aggregates.ts).
  'USING gist (pt) INCLUDE (grp, cy, cx, lat, lng)',
  // Area pages (area-market.query.ts).
  '(grp, city_key)',
  '(grp, zip5)',
  '(grp, county_key)',
  // An agent's own listings, whatever their status or display flags: My listings, agent pages.
  '(list_agent_mls_id) WHERE list_agent_mls_id IS NOT NULL',
  // The listing at a street address (valuations); the PostgreSQL adapter's listing picker.
  '(address_key)',
  // Sold listings around a point (valuations), new ones (the home digest); the adapter's mapBounds.
  '(grp, lat) INCLUDE (lng)',
];

/**
 * The indexes only the PostgreSQL adapter reads (postgres-search-index.ts, criteria-sql.ts:
 * SEARCH_INDEX=postgres, and the listing picker under SEARCH_INDEX=meilisearch). They are the
 * costliest part of the tables' load and upkeep (the GiST over `u` alone is most of a bulk load's
 * index builds), so a database builds them only once an instance has asked for them
 * (`search_adapter_wanted`: src/app/search-adapter.ts).
 */
export const ADAPTER_INDEXES = [
  // Nearest first and radius: straight-line distance between unit vectors orders as great-circle does.
  'USING gist (u)',
  // Keywords.
  'USING gin (words)',
  // Newest first is the default sort: its index holds what a pin needs, for walks over big maps.
  '(grp, sort_date DESC NULLS LAST, pdid) INCLUDE (lat, lng, price, location_approximate)',
  '(grp, price ASC NULLS LAST, pdid)',
  '(grp, price DESC NULLS LAST, pdid)',
  '(grp, beds DESC NULLS LAST, pdid)',
  '(grp, sqft DESC NULLS LAST, pdid)',
  // Searches by MLS number and the listing picker.
  '(mlsid_key)',
  // The ends of a viewport's matches (mapBounds), read without visiting the table.
  '(grp, lng) INCLUDE (lat)',
  // openhouse=1 compares with the time of the query: few listings have one, so they are found first.
  '(grp, open_house_until) WHERE open_house_until IS NOT NULL',
  // Listings without a point are in no map cell: a whole-map count adds them from here.
  '(grp) WHERE lat IS NULL',
];

/** Whether an instance of this database has asked for the PostgreSQL adapter's indexes. */
export async function adapterIndexesWanted(db: pg.ClientBase): Promise<boolean> {
  const { rows } = await db.query<{ wanted: boolean }>('SELECT EXISTS (SELECT FROM search_adapter_wanted) AS wanted');
  return rows[0]!.wanted;
}

/** The listings table's indexes: the shared ones, and the adapter's when they are wanted. */
export async function createSearchIndexes(tx: pg.ClientBase, table: string): Promise<void> {
  const wanted = await adapterIndexesWanted(tx);
  for (const def of [...SHARED_INDEXES, ...(wanted ? ADAPTER_INDEXES : [])]) await tx.query(`CREATE INDEX ON ${table} ${def}`);
}

/**
 * Builds the adapter's indexes `table` lacks, answering how many it built. Whether one is there is
 * told by its definition as PostgreSQL prints it (the names differ: a rebuilt table keeps its
 * copy's). `concurrently`: on a table that serves meanwhile (CREATE INDEX CONCURRENTLY, outside a
 * transaction), after dropping what a failed concurrent build left invalid.
 */
export async function addAdapterIndexes(db: pg.ClientBase, table: string, concurrently: boolean): Promise<number> {
  const shape = (def: string) => def.slice(def.indexOf(' USING '));
  const wanted = await shapesOf(db, table);
  const { rows } = await db.query<{ name: string; def: string; valid: boolean }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def, x.indisvalid AS valid
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1::regclass`,
    [table],
  );
  for (const r of rows) if (!r.valid && wanted.includes(shape(r.def))) await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${r.name}`);
  const have = new Set(rows.filter((r) => r.valid).map((r) => shape(r.def)));
  let built = 0;
  for (const [i, def] of ADAPTER_INDEXES.entries()) {
    if (have.has(wanted[i]!)) continue;
    const t0 = performance.now();
    await db.query(`CREATE INDEX${concurrently ? ' CONCURRENTLY' : ''} ON ${table} ${def}`);
    log.info('search adapter index built', { table, index: def, seconds: Math.round(performance.now() - t0) / 1000 });
    built++;
  }
  return built;
}

/** The adapter's indexes as PostgreSQL prints them after USING, in ADAPTER_INDEXES' order: built on an empty copy of the table. */
async function shapesOf(db: pg.ClientBase, table: string): Promise<string[]> {
  await db.query('BEGIN');
  try {
    await db.query(`CREATE TEMP TABLE search_index_shapes (LIKE ${table}) ON COMMIT DROP`);
    for (const [i, def] of ADAPTER_INDEXES.entries())
      await db.query(`CREATE INDEX search_index_shape_${String(i).padStart(2, '0')} ON search_index_shapes ${def}`);
    const { rows } = await db.query<{ def: string }>(
      `SELECT pg_get_indexdef(x.indexrelid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'search_index_shapes'::regclass ORDER BY i.relname`,
    );
    return rows.map((r) => r.def.slice(r.def.indexOf(' USING ')));
  } finally {
    await db.query('COMMIT');
  }
}
