import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/commands/command-context';
import { generateListings, loadZipDirectory, resoItems } from '../../../src/demo/listings';
import { PostgresEventStore } from '../../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../../src/modules/listings';
import { importSearchDataset } from '../../../tests/support/search-dataset';
import { searchTablesOver, stopSearchTables } from '../../../tests/support/search-tables';
import type { TestDatabase } from '../../../tests/support/test-database';
import { ProjectionRunner, rebuildProjection } from '../../runner';
import { parseSearchRequest } from '../search-request';
import { PostgresSearchIndex } from './postgres-search-index';
import { replaySearchListings } from './search-bulk-load';
import { searchProjection } from './search-listings.projection';

const QUERIES = [
  {},
  { kw: 'seattle', beds: '2' },
  { minlat: '47.4', maxlat: '47.8', minlong: '-122.5', maxlong: '-122', sortby: 'price-asc' },
  { forrent: '1', sortby: 'newest' },
  { soldproperty: '1', city: 'seattle' },
];
const TABLES = ['search_listings', 'search_cells', 'search_terms', 'search_mls_updates'];

/**
 * The PostgreSQL search tables' bulk rebuild (search-bulk-load.ts: the log folded in memory,
 * COPY into the fresh table without its indexes, the indexes built after, then the runner's
 * swap): it must leave exactly the tables the live batches built, with the same indexes, while
 * the old tables answer every search until the swap, and the live runner goes on after it.
 */
describe('the search tables rebuilt in bulk', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const index = () => new PostgresSearchIndex(db.pool);

  beforeAll(async () => {
    ({ db, store, runner } = await searchTablesOver(async (s) => {
      // Prices changed, closings, deletions, moves, open houses and broken photos (see search-dataset.ts).
      await importSearchDataset(s, { kingCounty: 400, generated: 600 });
    }));
  }, 240_000);
  afterAll(() => stopSearchTables({ db, store, runner }));

  /**
   * Every row of the tables as JSON text, in a fixed order (points and cubes have no equality;
   * their text does). A cell's sums of coordinates depend on the order they were added in (the
   * live batches' own sizes change them in the last bits): they are compared to 1e-6 degrees.
   */
  const ROWS: Record<string, string> = {
    search_listings: 'SELECT to_jsonb(x)::text AS j FROM search_listings x ORDER BY pdid',
    search_cells: "SELECT concat_ws(' ', grp, lvl, cy, cx, n) AS j FROM search_cells ORDER BY grp, lvl, cy, cx",
    search_terms: 'SELECT to_jsonb(x)::text AS j FROM search_terms x ORDER BY kind, key, name',
    search_mls_updates: 'SELECT to_jsonb(x)::text AS j FROM search_mls_updates x ORDER BY mls',
  };
  /**
   * The same tables without the names' labels: a label is a spelling seen ("Sacramento" or
   * "Sacramento County"), live the last of the batch that first counted the name, in bulk the
   * last of the whole log, so it follows how the events were cut in batches.
   */
  const unlabelled = (c: Awaited<ReturnType<typeof contents>>) => ({
    ...c,
    out: { ...c.out, search_terms: c.out.search_terms!.map((j) => j.replace(/"label": "[^"]*"/, '')) },
  });
  const contents = async () => {
    const out: Record<string, string[]> = {};
    for (const t of TABLES) out[t] = (await db.pool.query<{ j: string }>(ROWS[t]!)).rows.map((r) => r.j);
    const sums = (await db.pool.query<{ lat: number; lng: number }>('SELECT sum_lat AS lat, sum_lng AS lng FROM search_cells ORDER BY grp, lvl, cy, cx')).rows;
    return { out, sums };
  };
  const expectSame = (now: Awaited<ReturnType<typeof contents>>, before: Awaited<ReturnType<typeof contents>>) => {
    expect(now.out).toEqual(before.out);
    expect(now.sums.length).toBe(before.sums.length);
    now.sums.forEach((s, i) => {
      expect(Math.abs(s.lat - before.sums[i]!.lat)).toBeLessThan(1e-6);
      expect(Math.abs(s.lng - before.sums[i]!.lng)).toBeLessThan(1e-6);
    });
  };
  /** The index definitions of the tables, without the names PostgreSQL picked. */
  const indexes = async () =>
    (
      await db.pool.query<{ d: string }>(
        `SELECT regexp_replace(pg_get_indexdef(x.indexrelid), 'INDEX \\S+ ON \\S+', 'INDEX ON') AS d FROM pg_index x WHERE x.indrelid = ANY($1::regclass[]) ORDER BY 1`,
        [TABLES],
      )
    ).rows.map((r) => r.d);
  const answers = () =>
    Promise.all(QUERIES.map((raw) => index().search(parseSearchRequest({ ...raw, perpage: '50' }, 'list').criteria, { offset: 0, limit: 50 })));

  it('leaves the rows, counts and indexes the live batches made, while the old tables answer every search until an atomic swap', async () => {
    const rowsBefore = await contents();
    const indexesBefore = await indexes();
    expect(rowsBefore.out.search_listings!.length).toBeGreaterThan(900);
    expect(indexesBefore.length).toBeGreaterThan(10);
    const expected = await answers();

    let done = false;
    const seen: Awaited<ReturnType<typeof answers>>[] = [];
    const rebuilt = rebuildProjection({ pool: db.pool, store, projection: searchProjection, batchSize: 300 }).finally(() => (done = true));
    while (!done) seen.push(await answers());
    const { applied } = await rebuilt;
    seen.push(await answers());

    expect(applied).toBeGreaterThan(1000);
    expect(seen.length).toBeGreaterThan(1);
    // Never an empty or half-filled table: each answer is the old tables' or (after the swap) the same from the new ones.
    for (const a of seen) expect(a).toEqual(expected);
    expectSame(unlabelled(await contents()), unlabelled(rowsBefore));
    expect(await indexes()).toEqual(indexesBefore);
  }, 120_000);

  it('folds a log too big for one pass in shares of the listings, to the same tables', async () => {
    const rowsBefore = await contents();
    // 1,000 listings, at most 150 held at once: the log is read in 7 passes.
    await rebuildProjection({ pool: db.pool, store, projection: { ...searchProjection, replay: (ctx) => replaySearchListings(ctx, 150) }, batchSize: 300 });
    expectSame(unlabelled(await contents()), unlabelled(rowsBefore));
  }, 120_000);

  it('hands over to the live runner: listings imported after the rebuild are searchable as before', async () => {
    const before = (await index().search(parseSearchRequest({}, 'list').criteria, { offset: 0, limit: 1 })).total;
    const gen = [...generateListings({ seed: 5, count: 40, today: '2024-06-01', zips: await loadZipDirectory() })];
    await importListings(store, resoItems(gen), { mls: 'AFTER', ctx: systemContext(new Date('2024-06-01T12:00:00Z')) });
    await runner.waitForCatchUp(60_000);
    const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_listings WHERE mls = 'AFTER'`);
    expect(rows[0]!.n).toBe(40);
    expect((await index().search(parseSearchRequest({}, 'list').criteria, { offset: 0, limit: 1 })).total).toBeGreaterThan(before);
  }, 120_000);
});
