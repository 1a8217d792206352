import { afterAll, beforeAll } from 'vitest';
import { type Projection, ProjectionRunner } from '../../projections/runner';
import { PostgresSearchIndex } from '../../projections/search';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from './test-database';

export type ProjectedLog = {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  readonly runner: ProjectionRunner;
  readonly index: PostgresSearchIndex;
};

/**
 * A test file's event log without a server, registered as its beforeAll and afterAll: a fresh
 * database, `seed` appending to its store, then `projections` running until they caught up, and
 * the search index over them; all closed after the file. The fields are there once the beforeAll ran.
 */
export function projectedLog(projections: readonly Projection[], seed: (store: PostgresEventStore) => Promise<void>): ProjectedLog {
  const log = {} as { db: TestDatabase; store: PostgresEventStore; runner: ProjectionRunner; index: PostgresSearchIndex };
  beforeAll(async () => {
    log.db = await createTestDatabase();
    log.store = new PostgresEventStore(log.db.pool, { pollMs: 50, databaseUrl: log.db.url });
    await seed(log.store);
    log.runner = new ProjectionRunner({ pool: log.db.pool, databaseUrl: log.db.url, store: log.store, projections, batchSize: 500 });
    log.runner.start();
    await log.runner.waitForCatchUp(60_000);
    log.index = new PostgresSearchIndex(log.db.pool);
  }, 120_000);
  afterAll(async () => {
    await log.runner?.stop();
    await log.store?.close();
    await log.db?.drop();
  });
  return log;
}
