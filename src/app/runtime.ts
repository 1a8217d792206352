import type { Config } from '../config/config';
import { createPool, openDatabase } from '../database/database';
import type { EventStore } from '../eventstore/event-store.port';
import { KurrentDbEventStore } from '../eventstore/kurrentdb/kurrentdb-event-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { protectedStore } from './protected-store';
import { type Projection, ProjectionRunner, type PushWithPosition } from '../../projections/runner';
import { SignalBus } from '../runtime/signal-bus';
import type { Runtime } from '../runtime/runtime';

export async function createRuntime(
  config: Config,
  opts: { projections: readonly Projection[]; replayLast?: readonly string[]; fsync?: boolean },
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
    replayLast: opts.replayLast,
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
