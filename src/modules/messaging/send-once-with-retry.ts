import type pg from 'pg';
import { decideOnce } from '../../database/decide-once';
import { recordFailure, RETRY_DUE } from './outbox-retry';
import type { SendFailure } from './retry-policy';

/** Which message of which decide-and-send outbox (its own row exists only once sent), and the lead it is for, if any. */
export type Deferral = { readonly outbox: string; readonly key: string; readonly leadId?: string | null };

const idOf = (d: Deferral) => `${d.outbox}:${d.key}`;

/**
 * decideOnce under the outboxes' retry policy, for outboxes whose row is only written by the
 * transaction that sends (a failure rolls it back): a message that failed waits in
 * outbox_deferrals for its next try (the sweeps before it skip it) or, refused for good or
 * failing for a day, is given up there with its reason; once sent its deferral is gone.
 */
export async function decideOnceWithRetry(
  pool: pg.Pool,
  deferral: Deferral,
  insert: string,
  params: unknown[],
  send: (db: pg.PoolClient) => Promise<boolean>,
  onFailure: (err: Error, failure: SendFailure) => void,
): Promise<boolean> {
  const id = idOf(deferral);
  const { rows } = await pool.query(`SELECT 1 FROM outbox_deferrals WHERE deferral_id = $1 AND NOT (state = 'pending' AND ${RETRY_DUE})`, [id]);
  if (rows.length) return false;
  let failed: Error | null = null;
  const sent = await decideOnce(
    pool,
    insert,
    params,
    async (db) => {
      const done = await send(db);
      await db.query('DELETE FROM outbox_deferrals WHERE deferral_id = $1', [id]);
      return done;
    },
    (err) => {
      failed = err;
    },
  );
  if (failed) {
    const err: Error = failed;
    const db = await pool.connect();
    try {
      await db.query('BEGIN');
      await db.query('INSERT INTO outbox_deferrals (deferral_id, outbox, message_key, lead_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        id,
        deferral.outbox,
        deferral.key,
        deferral.leadId ?? null,
      ]);
      await db.query('SELECT 1 FROM outbox_deferrals WHERE deferral_id = $1 FOR UPDATE', [id]);
      onFailure(err, await recordFailure(db, 'outbox_deferrals', 'deferral_id', [id], err));
      await db.query('COMMIT');
    } catch (recordErr) {
      await db.query('ROLLBACK').catch(() => undefined);
      onFailure(err, { permanent: false, reason: (recordErr as Error).message });
    } finally {
      db.release();
    }
  }
  return sent;
}
