import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../../src/eventstore/postgres/postgres-event-store';
import { importSearchDataset } from '../../../tests/support/search-dataset';
import { searchTablesOver, stopSearchTables } from '../../../tests/support/search-tables';
import type { TestDatabase } from '../../../tests/support/test-database';
import { ProjectionRunner, rebuildProjection } from '../../runner';
import { parseSearchRequest } from '../search-request';
import { wantSearchAdapterIndexes } from '../../../src/app/search-adapter';
import { PostgresSearchIndex } from './postgres-search-index';
import { ADAPTER_INDEXES } from './search-indexes';
import { searchProjection } from './search-listings.projection';

/**
 * With the in-memory index alone a database's search table carries only the indexes its other
 * readers use; the PostgreSQL adapter's are built once an instance asks for them (one with
 * SEARCH_INDEX=postgres starting on that database), and every later build of the table keeps them.
 */
describe("the PostgreSQL adapter's search indexes", () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  /** The valid indexes of search_listings by what they index (no names: a rebuilt table keeps its copy's). */
  const indexes = async () =>
    (
      await db.pool.query<{ d: string }>(
        `SELECT regexp_replace(pg_get_indexdef(x.indexrelid), '^.* USING ', '') AS d FROM pg_index x
          WHERE x.indrelid = 'search_listings'::regclass AND x.indisvalid ORDER BY 1`,
      )
    ).rows.map((r) => r.d);
  const QUERIES = [{ kw: 'seattle', beds: '2' }, { sortby: 'price-asc' }, { forrent: '1', sortby: 'newest' }, { openhouse: '1' }];
  const answers = () =>
    Promise.all(
      QUERIES.map((raw) => new PostgresSearchIndex(db.pool).search(parseSearchRequest({ ...raw, perpage: '50' }, 'list').criteria, { offset: 0, limit: 50 })),
    );

  beforeAll(async () => {
    ({ db, store, runner } = await searchTablesOver(async (s) => {
      await importSearchDataset(s, { kingCounty: 300, generated: 300 });
    }));
  }, 240_000);
  afterAll(() => stopSearchTables({ db, store, runner }));

  it('are not built for the in-memory index, not even by a rebuild', async () => {
    const shared = await indexes();
    // The primary key and the seven indexes every mode reads.
    expect(shared).toHaveLength(8);
    expect(shared.join('\n')).not.toMatch(/gist \(u\)|gin \(words\)|sort_date/);
    await rebuildProjection({ pool: db.pool, store, projection: searchProjection, batchSize: 300 });
    expect(await indexes()).toEqual(shared);
  }, 120_000);

  it('are built on the live table by an instance that asks for them, while it serves, with the same answers', async () => {
    const before = await answers();
    await wantSearchAdapterIndexes(db.pool);
    const all = await indexes();
    expect(all).toHaveLength(8 + ADAPTER_INDEXES.length);
    expect(await answers()).toEqual(before);
    // A second instance (or a restart) finds them built.
    await wantSearchAdapterIndexes(db.pool);
    expect(await indexes()).toEqual(all);
    // Once asked for, every later build of the table has them.
    await rebuildProjection({ pool: db.pool, store, projection: searchProjection, batchSize: 300 });
    expect(await indexes()).toEqual(all);
  }, 120_000);
});
