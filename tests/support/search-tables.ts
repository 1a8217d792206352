import { ProjectionRunner } from '../../projections/runner';
import { searchProjection } from '../../projections/search';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from './test-database';

export type SearchTables = { db: TestDatabase; store: PostgresEventStore; runner: ProjectionRunner };

/** A database of its own whose PostgreSQL search tables have caught up with what `fill` appended; the runner goes on live. */
export async function searchTablesOver(fill: (store: PostgresEventStore) => Promise<unknown>): Promise<SearchTables> {
  const db = await createTestDatabase();
  const store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  await fill(store);
  const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 300 });
  runner.start();
  await runner.waitForCatchUp(120_000);
  return { db, store, runner };
}

/** Stops what searchTablesOver started (any part of it, if it failed halfway). */
export async function stopSearchTables(t: Partial<SearchTables>): Promise<void> {
  await t.runner?.stop();
  await t.store?.close();
  await t.db?.drop();
}
