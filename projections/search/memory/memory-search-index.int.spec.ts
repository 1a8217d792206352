import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/commands/command-context';
import { generateListings, loadZipDirectory, resoItems } from '../../../src/demo/listings';
import type { Checkpoint, EventStore } from '../../../src/eventstore/event-store.port';
import { PostgresEventStore } from '../../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../../src/modules/listings';
import { ProjectionRunner } from '../../runner';
import { importSearchDataset } from '../../../tests/support/search-dataset';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { PostgresSearchIndex } from '../postgres/postgres-search-index';
import { searchProjection } from '../postgres/search-listings.projection';
import { parseSearchRequest } from '../search-request';
import { MemorySearchIndex } from './memory-search-index';
import { loadSnapshot } from './memory-snapshot';

const ctx = systemContext(new Date('2024-06-01T12:00:00Z'));
const QUERIES = [
  {},
  { kw: 'seattle', beds: '2' },
  { minlat: '47.4', maxlat: '47.8', minlong: '-122.5', maxlong: '-122', sortby: 'price-asc' },
  { forrent: '1', sortby: 'newest' },
];

/** Imports `count` generated listings of an MLS of their own (pdids that no other import uses). */
async function importExtra(store: EventStore, mls: string, count: number): Promise<void> {
  const gen = [...generateListings({ seed: 11, count, today: '2024-06-01', zips: await loadZipDirectory() })];
  await importListings(store, resoItems(gen), { mls, ctx });
}

describe('the in-memory search index', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let tables: PostgresSearchIndex;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
    await importSearchDataset(store, { kingCounty: 400, generated: 400 });
    tables = new PostgresSearchIndex(db.pool);
    const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 700 });
    runner.start();
    await runner.waitForCatchUp(120_000);
    await runner.stop();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'memsearch-'));
  }, 240_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  /**
   * How many search events follow `from`, once the log shows all that is committed: other files'
   * tests share the cluster, and the log hides an event while an older transaction is open.
   */
  const visibleSince = async (from: Checkpoint): Promise<number> => {
    for (;;) {
      let [n, pending, at] = [0, false, from];
      for (;;) {
        const page = await store.readAll(at, { types: searchProjection.eventTypes, limit: 1000 });
        [n, pending, at] = [n + page.events.length, pending || page.pending, page.next];
        if (page.atEnd) break;
      }
      if (!pending) return n;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const answers = (index: MemorySearchIndex) =>
    Promise.all(QUERIES.map((raw) => index.search(parseSearchRequest({ ...raw, perpage: '50' }, 'list').criteria, { offset: 0, limit: 50 })));

  it('starts only once it holds every listing, and knows when each MLS last changed, as the PostgreSQL search tables do', async () => {
    // Small batches and no patience for searches: start() still waits for the whole log.
    const index = new MemorySearchIndex(store, tables, { batchSize: 50, freshnessWaitMs: 1 });
    await index.start();
    try {
      const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM search_listings');
      expect(index.size).toBe(rows[0]!.n);
      const mls = ['NWMLS', 'METROLIST', 'DEMO', 'NOSUCH'];
      const held = await index.mlsUpdates(mls);
      expect([...held.keys()].sort()).toEqual(['DEMO', 'METROLIST', 'NWMLS']);
      expect(held).toEqual(await tables.mlsUpdates(mls));
    } finally {
      await index.stop();
    }
  });

  it('matches inside a transaction that holds the log’s horizon: waits for the changes it is given, not for the head past them', async () => {
    // Patient enough that a wait for the head (which this transaction keeps out of sight) would hang the test.
    const index = new MemorySearchIndex(store, tables, { batchSize: 100, freshnessWaitMs: 600_000 });
    await index.start();
    const holder = await db.pool.connect();
    try {
      const seen = await store.head();
      const { rows } = await db.pool.query<{ pdid: string }>(`SELECT pdid FROM search_listings WHERE status = 'Active' ORDER BY pdid LIMIT 1`);
      const everything = index.prepareMatch(parseSearchRequest({}, 'list').criteria);
      // As the alert matcher does: a transaction with row locks (an xid), then events committed after it.
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      await importExtra(store, 'HORIZON', 1);
      expect(await index.matchEach([{ pdid: rows[0]!.pdid, criteria: [everything] }], seen)).toEqual([[true]]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
      await index.stop();
    }
  }, 60_000);

  it('rebuilds off to the side while the old columns answer, then takes the events that came meanwhile', async () => {
    const index = new MemorySearchIndex(store, tables, { batchSize: 100 });
    await index.start();
    try {
      const before = await answers(index);
      expect(before[0]!.total).toBeGreaterThan(100);
      const rebuilt = index.rebuild();
      let during = 0;
      let done = false;
      void rebuilt.then(() => (done = true));
      while (!done) {
        expect(await answers(index)).toEqual(before);
        during++;
        await new Promise((r) => setTimeout(r, 5));
      }
      await rebuilt;
      expect(during).toBeGreaterThan(0);
      expect(await answers(index)).toEqual(before);
      // A listing imported after the rebuild began is found: the subscription and the swap both saw it.
      const held = index.size;
      const again = index.rebuild();
      await importExtra(store, 'REBUILT', 1);
      await again;
      // Other files' tests share the cluster: the log shows the import once their older transactions end.
      await expect
        .poll(async () => (await index.search(parseSearchRequest({}, 'list').criteria, { offset: 0, limit: 1 }), index.size), { timeout: 30_000 })
        .toBe(held + 1);
    } finally {
      await index.stop();
    }
  }, 120_000);

  it('starts again from its snapshot, reading only the events after it', async () => {
    const file = path.join(dir, 'search.snapshot');
    const snapshot = { file, identity: 'this-test', everyMs: 3_600_000 };
    const first = await MemorySearchIndex.open(store, tables, { snapshot });
    const before = await answers(first);
    // A stop writes the snapshot.
    await first.stop();
    const saved = (await loadSnapshot(file, 'this-test'))!;
    expect(saved.checkpoint).toEqual(first.checkpoint);
    await importExtra(store, 'AFTER', 3);
    const since = await visibleSince(saved.checkpoint);
    expect(since).toBeGreaterThanOrEqual(3);
    let read = 0;
    const counting = new Proxy(store, {
      get: (target, key) =>
        key === 'readAll'
          ? async (...args: Parameters<EventStore['readAll']>) => {
              const page = await target.readAll(...args);
              read += page.events.length;
              return page;
            }
          : Reflect.get(target, key, target),
    });
    const second = await MemorySearchIndex.open(counting, tables, { snapshot });
    try {
      expect(read).toBe(since);
      expect(second.size).toBe(first.size + 3);
      // What the snapshot held answers as before (the three new listings are of an MLS of their own, far from Seattle or not).
      const after = await answers(second);
      expect(after[0]!.total - before[0]!.total).toBeLessThanOrEqual(3);
    } finally {
      await second.stop();
    }
    // A snapshot of another log is not used.
    expect(await loadSnapshot(file, 'another-database')).toBeUndefined();
  }, 120_000);
});
