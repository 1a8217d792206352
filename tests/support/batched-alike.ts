import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { applyBatch } from '../../projections/runner/apply-batch';
import type { Projection } from '../../projections/runner/projection';
import { createFreshTables, liveTable } from '../../projections/runner/tables';
import { type GivenEvent, inTransaction, storedEvent } from './projection-specification';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A read model fed the same log in batches of different sizes: one event at a time (the live
 * path as an instance that keeps up sees it) and in large batches (a first start's catch-up).
 * Answers the rows `query` reads after each, by batch size, for the spec to compare. `reset`
 * empties what the projection writes outside its own tables (an outbox made by a migration).
 *
 *   const feed = batchedAlike(marketStatsProjection);
 *   const rows = await feed(log, 'SELECT * FROM market_listings ORDER BY pdid', [1, 500]);
 *   expect(rows.get(500)).toEqual(rows.get(1));
 */
export function batchedAlike(projection: Projection, options: { readonly reset?: (db: pg.PoolClient) => Promise<void> } = {}) {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 2 });
  });
  afterAll(async () => {
    await db?.drop();
  });
  return async (log: readonly GivenEvent[], query: string, sizes: readonly number[]): Promise<Map<number, Record<string, unknown>[]>> => {
    if (!db) throw new Error('batchedAlike must be called in a describe, so that its database opens before the tests');
    const events = log.map((e, i) => storedEvent(e, i + 1));
    const out = new Map<number, Record<string, unknown>[]>();
    const client = await db.pool.connect();
    try {
      for (const size of sizes) {
        await inTransaction(client, async () => {
          await createFreshTables(client, projection, liveTable);
          await options.reset?.(client);
        });
        for (let i = 0; i < events.length; i += size)
          await inTransaction(client, () => applyBatch(client, projection, events.slice(i, i + size), liveTable, false));
        out.set(size, (await client.query<Record<string, unknown>>(query)).rows);
      }
    } finally {
      client.release();
    }
    return out;
  };
}
