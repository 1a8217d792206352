import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { AppError } from '../../../shared/errors';

/** Contract section 7: 10 failures for one account in 15 minutes lock its sign-in for 15 minutes. */
export const ACCOUNT_LIMIT = 10;
/** Per client address (X-Forwarded-For only with TRUST_PROXY): more, since offices share one. */
export const ADDRESS_LIMIT = 50;
const WINDOW = '15 minutes';
// Another namespace than RateLimiter's for the same kind of key lock.
const LOCK_SEED = 7407003;

export const tooManyAttempts = () => new AppError('rate_limited', 'Too many failed sign-ins. Please try again in 15 minutes.');

const accountKey = (email: string) => `account:${createHash('sha256').update(email).digest('hex')}`;
const addressKey = (ip: string) => `address:${ip}`;

/** Whether keys $1 (account) and $2 (address) are locked or have their limits ($3, $4) of attempts in the window. */
const BLOCKED = `SELECT EXISTS (SELECT 1 FROM sign_in_locks WHERE key IN ($1, $2) AND until > now())
  OR (SELECT count(*) FROM sign_in_failures WHERE key = $1 AND at >= now() - interval '${WINDOW}') >= $3
  OR (SELECT count(*) FROM sign_in_failures WHERE key = $2 AND at >= now() - interval '${WINDOW}') >= $4 AS blocked`;

/** One counted attempt: the rows that hold its place until it is known to have succeeded. */
export type SignInAttempt = { readonly accountKey: string; readonly addressKey: string; readonly ids: readonly string[] };

/**
 * Failed sign-ins in PostgreSQL, so that every instance counts the same ones. The account key
 * is the hashed address, whether or not an account has it: an unknown address throttles the
 * same way, which tells an attacker nothing.
 *
 * An attempt is counted as a failure before its password is checked (`begin`), under a
 * transaction-scoped advisory lock on the account and then the address, so concurrent attempts
 * see each other and at most ACCOUNT_LIMIT wrong passwords per account (ADDRESS_LIMIT per
 * address) are ever checked in the window, however many arrive at once. A right password takes
 * its own count back (`succeeded`); earlier failures stay until they age out, so a success
 * racing a burst of guesses frees no room for more of them.
 */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  /** Counts the attempt, or throws 429 while the account or the address is locked or has no attempts left. */
  async begin(email: string, ip: string): Promise<SignInAttempt> {
    const keys = { account: accountKey(email), address: addressKey(ip) };
    const params = [keys.account, keys.address, ACCOUNT_LIMIT, ADDRESS_LIMIT];
    // A flood against a locked key is answered by one read, without waiting in line for the key's lock.
    const { rows: open } = await this.pool.query<{ open: boolean }>(`SELECT NOT blocked AS open FROM (${BLOCKED}) AS s`, params);
    if (!open[0]!.open) throw tooManyAttempts();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Always the account first, then the address: no two attempts wait on each other in a circle.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, $2))', [keys.account, LOCK_SEED]);
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, $2))', [keys.address, LOCK_SEED]);
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO sign_in_failures (key)
         SELECT k FROM (${BLOCKED}) AS s, unnest(ARRAY[$1, $2]::text[]) AS k
         WHERE NOT blocked
         RETURNING id`,
        params,
      );
      await client.query('COMMIT');
      if (rows.length === 0) throw tooManyAttempts();
      return { accountKey: keys.account, addressKey: keys.address, ids: rows.map((r) => r.id) };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** The password was wrong: the counted attempt stays, and a key that reached its limit is locked for 15 minutes. */
  async failed(attempt: SignInAttempt): Promise<void> {
    for (const [key, limit] of [
      [attempt.accountKey, ACCOUNT_LIMIT],
      [attempt.addressKey, ADDRESS_LIMIT],
    ] as const) {
      await this.pool.query(
        `INSERT INTO sign_in_locks (key, until)
         SELECT $1, now() + interval '${WINDOW}'
         WHERE (SELECT count(*) FROM sign_in_failures WHERE key = $1 AND at >= now() - interval '${WINDOW}') >= $2
         ON CONFLICT (key) DO UPDATE SET until = EXCLUDED.until WHERE sign_in_locks.until <= now()`,
        [key, limit],
      );
    }
    await this.sweep();
  }

  /** The password was right: this attempt is no failure. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_failures WHERE id = ANY($1::bigint[])', [attempt.ids]);
  }

  /** Old rows go a few at a time, so the tables stay small without a scheduler. */
  private async sweep(): Promise<void> {
    await this.pool.query(`DELETE FROM sign_in_failures WHERE id IN (SELECT id FROM sign_in_failures WHERE at < now() - interval '${WINDOW}' LIMIT 100)`);
    await this.pool.query('DELETE FROM sign_in_locks WHERE key IN (SELECT key FROM sign_in_locks WHERE until < now() LIMIT 100)');
  }
}
