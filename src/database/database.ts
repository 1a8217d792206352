import pg from 'pg';
import { logger } from '../shared/logger';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';
import { guardPool } from './pool-guard';

const log = logger('database');

// int8 and xid8 come back as strings by default; positions are compared and incremented, so
// they are parsed as bigint once here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v));
const XID8 = 5069 as Parameters<typeof pg.types.setTypeParser>[0];
pg.types.setTypeParser(XID8, (v: string) => BigInt(v));

export type Database = {
  readonly pool: pg.Pool;
  readonly url: string;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly poolSize: number;
  /** Test clusters run without fsync; the product never does. */
  readonly fsync?: boolean;
};

/** Connects (starting the embedded server when no URL is given) and runs the migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const embedded = opts.databaseUrl ? undefined : await startEmbeddedPostgres(opts.dataDir, { fsync: opts.fsync });
  const url = opts.databaseUrl ?? embedded!.url;
  const pool = createPool(url, opts.poolSize);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    await embedded?.stop();
    throw err;
  }
  return {
    pool,
    url,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

/**
 * `statementTimeoutMs`: PostgreSQL cancels any statement of these connections that runs longer
 * (error 57014), whatever the query; the search pool uses it so that no search holds a core for long.
 */
export function createPool(url: string, max: number, opts: { statementTimeoutMs?: number; name?: string } = {}): pg.Pool {
  // Many short queries at once, not one big one: parallel workers only add start-up time (a
  // metro map's first pins took 9 ms with two workers, 0.3 ms without) and take the cores other
  // requests need. (A connection pooler in front must pass the startup 'options'.)
  const timeout = opts.statementTimeoutMs === undefined ? '' : ` -c statement_timeout=${Math.round(opts.statementTimeoutMs)}`;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word (a failover, a network cut) is found dead
    // by TCP instead of waiting forever for an answer.
    keepAlive: true,
    options: `-c max_parallel_workers_per_gather=0${timeout}`,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => log.warn('idle database connection failed', { message: err.message }));
  // Nor one in use: pg emits 'error' on it too, and with no listener that ends the process. Its
  // queries fail; whoever holds it releases it, and the pool drops it (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', (err) => log.debug('database connection lost', { message: err.message })));
  guardPool(pool, opts.name ?? 'main');
  return pool;
}

/**
 * How long a request waits for a connection, a new one or a free one of the pool, before it is
 * refused (503): long enough for a busy pool on a loaded machine, short enough that nothing
 * hangs when the database stops answering.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Runs `fn` in a transaction on one client, committing on success and rolling back on error. */
export async function inTransaction<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
