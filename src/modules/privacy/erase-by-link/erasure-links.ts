import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ReactorOutbox } from '../../messaging';

/** The outbox this folder owns: queued by the person's request, sent by ErasureLinkSender. */
export const ERASURE_LINK_OUTBOX: ReactorOutbox = { outboxTables: ['erasure_link_outbox'] };

/**
 * The erasure-link requests (erasure_link_outbox, migration 22): queued by the person's request,
 * mailed by ErasureLinkSender, and used once. Only ids and times are kept.
 */
export async function queueErasureLink(pool: pg.Pool, userId: string, siteId: string | null): Promise<string> {
  const requestId = randomUUID();
  await pool.query('INSERT INTO erasure_link_outbox (request_id, user_id, site_id) VALUES ($1, $2, $3)', [requestId, userId, siteId]);
  return requestId;
}

/** Whether this request of this account was mailed and not yet used (a link erases once). */
export async function erasureLinkUsable(pool: pg.Pool, requestId: string, userId: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM erasure_link_outbox WHERE request_id = $1 AND user_id = $2 AND used_at IS NULL', [requestId, userId]);
  return (rowCount ?? 0) > 0;
}

/** The link erased its account: it and every other link of the account stop working. */
export async function useErasureLinks(pool: pg.Pool, userId: string): Promise<void> {
  await pool.query(
    `UPDATE erasure_link_outbox SET used_at = now(), state = CASE WHEN state = 'pending' THEN 'dropped' ELSE state END WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
}
