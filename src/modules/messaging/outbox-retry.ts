import type pg from 'pg';
import { afterFailure, failureOf, type SendFailure } from './retry-policy';

/** The condition a pending row meets when its next try is due (the retry policy's wait is over). */
export const RETRY_DUE = '(next_attempt_at IS NULL OR next_attempt_at <= now())';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * Records a failed try of these rows of an outbox table (locked by the caller): one more attempt,
 * the reason, and either the time of the next try or, for a permanent refusal or a day of
 * failures, the end ('failed'). Answers the failure as the policy read it.
 */
export async function recordFailure(db: Db, table: string, key: string, ids: readonly string[], err: unknown): Promise<SendFailure> {
  const failure = failureOf(err);
  for (const id of ids) {
    const { rows } = await db.query<{ attempts: number; first_failed_at: Date | null; now: Date }>(
      `SELECT attempts, first_failed_at, now() AS now FROM ${table} WHERE ${key} = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) continue;
    const next = afterFailure({ attempts: row.attempts + 1, firstFailedAt: row.first_failed_at, now: row.now, failure });
    await db.query(
      `UPDATE ${table} SET attempts = attempts + 1, last_attempt_at = now(), last_error = $2, first_failed_at = coalesce(first_failed_at, now()),
         state = $3, next_attempt_at = $4, failed_at = CASE WHEN $3 = 'failed' THEN now() END WHERE ${key} = $1`,
      [id, failure.reason, next.state, next.state === 'pending' ? next.nextAttemptAt : null],
    );
  }
  return failure;
}
