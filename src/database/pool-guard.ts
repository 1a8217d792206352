import type pg from 'pg';
import { logger } from '../shared/logger';
import { DatabaseUnavailableError, isConnectionError, POOL_WAIT_TIMEOUT } from './connection-errors';

const log = logger('database');

type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
type Connect = { (): Promise<pg.PoolClient>; (cb: Callback): void };

/**
 * Fails fast while the database is known to be away: once opening a connection failed for that
 * reason, each connect of the pool (pool.query's too) fails at once, except one at a time that
 * tries for real; the first that succeeds closes the gap. So a request answers 503 at once
 * instead of queueing behind connection attempts, and the first one after the database is back
 * gets through without waiting for a timer.
 */
export function guardPool(pool: pg.Pool, name: string): void {
  const connect = pool.connect.bind(pool) as unknown as Connect;
  let down = false;
  let probing = false;
  const settle = (err: Error | undefined, probe: boolean) => {
    if (probe) probing = false;
    if (!err) {
      if (down) log.info('database reachable again', { pool: name });
      down = false;
    } else if (isConnectionError(err) && !err.message.includes(POOL_WAIT_TIMEOUT)) {
      if (!down) log.warn('database unreachable; refusing at once until a connection succeeds', { pool: name, message: err.message });
      down = true;
    }
  };
  const guarded = ((cb?: Callback) => {
    if (down && probing) {
      const err = new DatabaseUnavailableError();
      if (cb) return void process.nextTick(() => cb(err));
      return Promise.reject(err);
    }
    const probe = down;
    if (probe) probing = true;
    if (cb) {
      return connect((err, client, done) => {
        settle(err ?? undefined, probe);
        cb(err, client, done);
      });
    }
    return connect().then(
      (client) => {
        settle(undefined, probe);
        return client;
      },
      (err: Error) => {
        settle(err, probe);
        throw err;
      },
    );
  }) as Connect;
  (pool as unknown as { connect: Connect }).connect = guarded;
}
