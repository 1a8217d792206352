import type pg from 'pg';
import type { Config } from '../config/config';
import { createPool, type Database, openDatabase } from '../database/database';
import type { EventStore } from '../eventstore/event-store.port';
import { KurrentDbEventStore } from '../eventstore/kurrentdb/kurrentdb-event-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { protectedStore } from './protected-store';
import { type Projection, ProjectionRunner, type PushWithPosition } from '../../projections/runner';
import type { SignalName, Signals } from '../shared/signals';
import { SignalBus } from './signal-bus';

/**
 * The parts that exist before and outside Nest: the database (embedded or not), the event
 * store and the projection runner. The HTTP app, the CLIs and the tests all build on this.
 */
export type Runtime = {
  readonly config: Config;
  readonly db: Database;
  /**
   * Visitors' searches only: a pool of its own (SEARCH_POOL_SIZE), every statement cancelled
   * after SEARCH_STATEMENT_TIMEOUT_MS, so that searches can never take the connections sign-in,
   * commands and projections need.
   */
  readonly searchPool: pg.Pool;
  readonly store: EventStore;
  readonly runner: ProjectionRunner;
  /** The read models this runtime runs (what the back-office can rebuild). */
  readonly projections: readonly Projection[];
  /** Browser pushes from committed projection batches (the socket gateway, web push). */
  onPushes(listener: (pushes: readonly PushWithPosition[]) => void): void;
  /** This process took over a projection whose previous holder's pushes may not all have left (see RunnerOptions.onTakeover). */
  onTakeover(listener: (projection: string) => void): void;
  /** A signal from committed projection batches to this process's reactors, with each payload of the batch. */
  onSignal<K extends SignalName>(name: K, listener: (payloads: readonly Signals[K][]) => void): void;
  close(): Promise<void>;
};

export async function createRuntime(
  config: Config,
  opts: { projections: readonly Projection[]; fsync?: boolean },
): Promise<Runtime> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    fsync: opts.fsync,
  });
  // Connects only when a search asks.
  const searchPool = createPool(db.url, config.searchPoolSize, { statementTimeoutMs: config.searchStatementTimeoutMs, name: 'search' });
  // Read models and checkpoints always live in PostgreSQL; the log can live in KurrentDB.
  const log: EventStore = config.eventStoreUrl
    ? new KurrentDbEventStore(config.eventStoreUrl, { pollMs: config.projections.pollMs })
    : new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
  const store = await protectedStore(log, db.pool, { postgresLog: !config.eventStoreUrl });
  const listeners: ((pushes: readonly PushWithPosition[]) => void)[] = [];
  const takeovers: ((projection: string) => void)[] = [];
  const signals = new SignalBus();
  const projections = opts.projections;
  const runner = new ProjectionRunner({
    pool: db.pool,
    databaseUrl: db.url,
    store,
    projections,
    batchSize: config.projections.batchSize,
    onCommit: (output) => {
      if (output.pushes.length > 0) listeners.forEach((l) => l(output.pushes));
      signals.deliver(output.signals);
    },
    onTakeover: (name) => takeovers.forEach((l) => l(name)),
  });
  return {
    config,
    db,
    searchPool,
    store,
    runner,
    projections,
    onPushes: (l) => listeners.push(l),
    onTakeover: (l) => takeovers.push(l),
    onSignal: (name, l) => signals.onSignal(name, l),
    close: async () => {
      await runner.stop();
      await store.close();
      await searchPool.end();
      await db.close();
    },
  };
}
