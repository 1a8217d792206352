import { afterAll, beforeAll } from 'vitest';
import { type Projection, ProjectionRunner } from '../../projections/runner';
import { migrate } from '../../src/database/migrate';
import { migrations } from '../../src/database/migrations';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from './test-database';

export type QueueProcesses = {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  /** A process running these projections until they have applied the whole log, then stopping. */
  runUntilCaughtUp(projections: readonly Projection[]): Promise<void>;
  /** Runs the migrations left out (`before`), as an upgraded server's start does. */
  upgrade(): Promise<void>;
};

/**
 * One database for a describe block of a reactor queue's spec, over which each "process" (a
 * projection runner with some of the projections) is started and stopped: a queue and the read
 * model its reactor reads have checkpoints of their own, and a process may stop between them.
 * `before`: the database is migrated only below that migration (the queue's own), to test an
 * upgrade from the read model that queued the work.
 */
export function queueProcesses(options: { readonly before?: number } = {}): QueueProcesses {
  let db: TestDatabase | undefined;
  let store: PostgresEventStore | undefined;
  const ready = () => {
    if (!db || !store) throw new Error('queueProcesses: used outside its describe block’s tests');
    return { db, store };
  };
  beforeAll(async () => {
    const before = options.before;
    db = await createTestDatabase({ migrate: before === undefined });
    if (before !== undefined)
      await migrate(
        db.pool,
        migrations.filter((m) => m.id < before),
      );
    store = new PostgresEventStore(db.pool, { pollMs: 20, databaseUrl: db.url });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });
  return {
    get db() {
      return ready().db;
    },
    get store() {
      return ready().store;
    },
    async runUntilCaughtUp(projections) {
      const { db, store } = ready();
      const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections, batchSize: 100 });
      runner.start();
      await runner.waitForCatchUp(60_000);
      await runner.stop();
    },
    async upgrade() {
      await migrate(ready().db.pool);
    },
  };
}
