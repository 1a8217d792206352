import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../app/tokens';
import { AppError } from '../../../shared/errors';

/** Contract section 7: 10 failures for one account in 15 minutes lock its sign-in for 15 minutes. */
export const ACCOUNT_LIMIT = 10;
/** Per client address (X-Forwarded-For only with TRUST_PROXY): more, since offices share one. */
export const ADDRESS_LIMIT = 50;
const WINDOW = '15 minutes';

export const tooManyAttempts = () => new AppError('rate_limited', 'Too many failed sign-ins. Please try again in 15 minutes.');

const accountKey = (email: string) => `account:${createHash('sha256').update(email).digest('hex')}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Failed sign-ins in PostgreSQL, so that every instance counts the same ones. The account key
 * is the hashed address, whether or not an account has it: an unknown address throttles the
 * same way, which tells an attacker nothing.
 */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  /** Throws 429 while the account or the address is locked. */
  async check(email: string, ip: string): Promise<void> {
    const { rows } = await this.pool.query('SELECT 1 FROM sign_in_locks WHERE key = ANY($1) AND until > now() LIMIT 1', [
      [accountKey(email), addressKey(ip)],
    ]);
    if (rows.length > 0) throw tooManyAttempts();
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    for (const [key, limit] of [[accountKey(email), ACCOUNT_LIMIT], [addressKey(ip), ADDRESS_LIMIT]] as const) {
      await this.pool.query(
        `WITH added AS (INSERT INTO sign_in_failures (key) VALUES ($1) RETURNING 1)
         INSERT INTO sign_in_locks (key, until)
         SELECT $1, now() + interval '${WINDOW}'
         WHERE (SELECT count(*) FROM sign_in_failures WHERE key = $1 AND at >= now() - interval '${WINDOW}') + 1 >= $2
         ON CONFLICT (key) DO UPDATE SET until = EXCLUDED.until WHERE sign_in_locks.until <= now()`,
        [key, limit],
      );
    }
    await this.sweep();
  }

  /** Old rows go a few at a time, so the tables stay small without a scheduler. */
  private async sweep(): Promise<void> {
    await this.pool.query(`DELETE FROM sign_in_failures WHERE id IN (SELECT id FROM sign_in_failures WHERE at < now() - interval '${WINDOW}' LIMIT 100)`);
    await this.pool.query('DELETE FROM sign_in_locks WHERE key IN (SELECT key FROM sign_in_locks WHERE until < now() LIMIT 100)');
  }

  /** A successful sign-in forgets the account's failures (not the address's). */
  async recordSuccess(email: string): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_failures WHERE key = $1', [accountKey(email)]);
  }
}
