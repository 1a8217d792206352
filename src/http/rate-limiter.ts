import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../runtime/tokens';
import { AppError } from '../shared/errors';

/** A named limit: at most `limit` hits in `windowSeconds`, else 429 with `message`. */
export type RateLimit = { readonly name: string; readonly limit: number; readonly windowSeconds: number; readonly message: string };

/**
 * A sliding-window request limit in PostgreSQL, so that every instance counts the same requests
 * (like the sign-in throttle, whose lock-out rules are its own). A key's hits are counted under a
 * transaction-scoped advisory lock on the key, so concurrent requests cannot overshoot the limit.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  /**
   * Counts one request for `key` unless `limit` were already counted in the last `windowSeconds`; false: refuse it.
   * A request of `weight` w counts as w hits and is refused when they would not all fit (upload quotas count bytes so).
   */
  async allow(key: string, limit: number, windowSeconds: number, weight = 1): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7407002))', [key]);
      const { rows } = await client.query<{ allowed: boolean }>(
        `WITH recent AS (SELECT count(*) AS n FROM rate_limit_hits WHERE key = $1 AND expires_at > now()),
              hit AS (INSERT INTO rate_limit_hits (key, expires_at)
                      SELECT $1, now() + make_interval(secs => $3) FROM recent, generate_series(1, $4::int) WHERE n + $4::int <= $2::int RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM hit) AS allowed`,
        [key, limit, windowSeconds, weight],
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

  /** Counts a hit of `limit` for `subject` (a client key, a user id), or throws its 429. */
  async enforce(limit: RateLimit, subject: string, weight = 1): Promise<void> {
    if (!(await this.allow(`${limit.name}:${subject}`, limit.limit, limit.windowSeconds, weight))) throw new AppError('rate_limited', limit.message);
  }
}

/**
 * The client's address as a rate-limit subject (req.ip: X-Forwarded-For only with TRUST_PROXY),
 * keyed with the server secret so that rate_limit_hits never holds an address (a plain hash of an
 * IPv4 address is undone by trying all 2^32).
 */
export const clientKey = (secret: Buffer, req: Request): string =>
  createHmac('sha256', secret)
    .update(`client\0${req.ip ?? 'unknown'}`)
    .digest('base64url')
    .slice(0, 22);
