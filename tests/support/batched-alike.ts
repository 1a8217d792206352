import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { applyBatch } from '../../projections/runner/apply-batch';
import { QueuedWrites } from '../../projections/runner/queued-writes';
import type { Projection } from '../../projections/runner/projection';
import { createFreshTables, liveTable } from '../../projections/runner/tables';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { StoredEvent } from '../../src/shared/event';
import { type GivenEvent, inTransaction, storedEvent } from './projection-specification';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The "batch size" that stands for the projection's bulk replay (Projection.replay) over the log, written to the events table. */
export const IN_BULK = 0;

/**
 * A read model fed the same log in batches of different sizes: one event at a time (the live
 * path as an instance that keeps up sees it), in large batches (a first start's catch-up), and
 * IN_BULK (a first start over a long log: its set-based replay reading the log from the events
 * table). Answers the rows `query` reads after each, by batch size, for the spec to compare.
 * `reset` empties what the projection writes outside its own tables (an outbox made by a migration).
 *
 *   const feed = batchedAlike(marketStatsProjection);
 *   const rows = await feed(log, 'SELECT * FROM market_listings ORDER BY pdid', [1, 500, IN_BULK]);
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
        if (size === IN_BULK) await replayInBulk(db, client, projection, events);
        else
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

/** The log written to the events table as it is (positions, transaction ids, metadata), then replayed in bulk in one transaction as a rebuild does. */
async function replayInBulk(db: TestDatabase, client: pg.PoolClient, projection: Projection, events: readonly StoredEvent[]): Promise<void> {
  if (!projection.replay) throw new Error(`${projection.name} has no bulk replay`);
  await client.query('TRUNCATE events');
  await client.query(
    `INSERT INTO events (transaction_id, global_position, stream_id, stream_position, event_id, type, data, metadata, created_at) OVERRIDING SYSTEM VALUE
     SELECT * FROM unnest($1::text[]::xid8[], $2::bigint[], $3::text[], $4::bigint[], $5::uuid[], $6::text[], $7::jsonb[], $8::jsonb[], $9::timestamptz[])`,
    [
      events.map((e) => e.transactionId.toString()),
      events.map((e) => e.globalPosition.toString()),
      events.map((e) => e.streamId),
      events.map((e) => e.streamPosition.toString()),
      events.map((e) => e.eventId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
      events.map((e) => e.createdAt.toISOString()),
    ],
  );
  const last = events.at(-1)!;
  const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
  try {
    await inTransaction(client, async () => {
      const writes = new QueuedWrites(client);
      const ctx = { tx: writes.tx, write: writes.write, table: liveTable, push: () => undefined, signal: () => undefined, replaying: true };
      await projection.replay!({
        ...ctx,
        store,
        pool: db.pool,
        upTo: { transactionId: last.transactionId, globalPosition: last.globalPosition },
        apply: (batch) => projection.apply(batch, ctx),
        onProgress: () => undefined,
      });
      await writes.flush();
    });
  } finally {
    await store.close();
  }
}
