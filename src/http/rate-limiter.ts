import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../app/tokens';

/**
 * A sliding-window request limit in PostgreSQL, so that every instance counts the same requests
 * (like the sign-in throttle, whose lock-out rules are its own). A key's hits are counted under a
 * transaction-scoped advisory lock on the key, so concurrent requests cannot overshoot the limit.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  /** Counts one request for `key` unless `limit` were already counted in the last `windowSeconds`; false: refuse it. */
  async allow(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7407002))', [key]);
      const { rows } = await client.query<{ allowed: boolean }>(
        `WITH recent AS (SELECT count(*) AS n FROM rate_limit_hits WHERE key = $1 AND expires_at > now()),
              hit AS (INSERT INTO rate_limit_hits (key, expires_at) SELECT $1, now() + make_interval(secs => $3) FROM recent WHERE n < $2 RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM hit) AS allowed`,
        [key, limit, windowSeconds],
      );
      await client.query('COMMIT');
      // Old rows go a few at a time, so the table stays small without a scheduler.
      await client.query('DELETE FROM rate_limit_hits WHERE id IN (SELECT id FROM rate_limit_hits WHERE expires_at < now() LIMIT 100)');
      return rows[0]!.allowed;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
