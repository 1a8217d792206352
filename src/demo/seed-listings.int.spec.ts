import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { systemContext } from '../commands/command-context';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { importListings } from '../modules/listings';
import { generatedListingItems } from './listings';
import { demoSeedDay } from './seed-listings';

describe('the demo seed on a later day', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const eventCount = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it("keeps the day it first ran (or its first listing's, for a seed begun before the day was recorded)", async () => {
    expect(await demoSeedDay(store, new Date('2026-11-25T10:00:00Z'), '2026-11-18T23:59:59.990Z')).toBe('2026-11-18');
    expect(await demoSeedDay(store, new Date('2026-12-02T10:00:00Z'))).toBe('2026-11-18');
    const [a, b] = await Promise.all([demoSeedDay(store, new Date()), demoSeedDay(store, new Date('2030-01-01T00:00:00Z'))]);
    expect([a, b]).toEqual(['2026-11-18', '2026-11-18']);
  });

  it('so generated listings, open houses included, come out the same and append nothing again, which another day would not', async () => {
    // A day far ahead, so that the open houses drawn after it are still to come whenever this runs.
    const generated = async (today: string) => generatedListingItems({ count: 2000, seed: 7, today });
    const ctx = systemContext();
    const first = await importListings(store, await generated('2099-06-03'), { mls: 'DEMO', ctx });
    expect(first).toEqual({ imported: 2000, changed: 0, unchanged: 0, rejected: 0 });
    const { rows } = await db.pool.query<{ n: number }>(`SELECT count(DISTINCT stream_id)::int AS n FROM events WHERE type = 'ListingOpenHouseAdded'`);
    expect(rows[0]!.n).toBeGreaterThan(20);
    const after = await eventCount();
    expect(await importListings(store, await generated('2099-06-03'), { mls: 'DEMO', ctx })).toMatchObject({ changed: 0, unchanged: 2000 });
    expect(await eventCount()).toBe(after);
    expect((await importListings(store, await generated('2099-06-04'), { mls: 'DEMO', ctx })).changed).toBeGreaterThan(0);
  });
});
