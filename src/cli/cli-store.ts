import { loadConfig } from '../config/config';
import { openDatabase } from '../database/database';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { setLogFormat, setLogLevel } from '../shared/logger';

/**
 * The event store an import command appends to, on the configured database (the server need not
 * run); logging quieted to warnings so that the command's own lines are what a person reads.
 */
export async function openCliStore(): Promise<{ readonly store: PostgresEventStore; close(): Promise<void> }> {
  const config = loadConfig();
  setLogLevel(config.logLevel === 'info' ? 'warn' : config.logLevel);
  setLogFormat(config.logFormat);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  const store = new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
  return {
    store,
    close: async () => {
      await store.close();
      await db.close();
    },
  };
}
