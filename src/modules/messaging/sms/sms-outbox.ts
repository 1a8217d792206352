import type pg from 'pg';

export type OutboxText = { readonly id: string; readonly to: string; readonly body: string; readonly mediaUrl: string | null; readonly createdAt: string };

/**
 * The texts the outbox adapter kept, newest first, at most 100; only to one 10-digit number when
 * `to` is given. Served to staff outside production (back-office dev-outboxes).
 */
export async function readSmsOutbox(pool: pg.Pool, to?: string | null): Promise<OutboxText[]> {
  const { rows } = await pool.query<{ id: string; to_number: string; body: string; media_url: string | null; created_at: Date }>(
    `SELECT id::text, to_number, body, media_url, created_at FROM sms_outbox WHERE $1::text IS NULL OR to_number = $1 ORDER BY id DESC LIMIT 100`,
    [to || null],
  );
  return rows.map((r) => ({ id: r.id, to: r.to_number, body: r.body, mediaUrl: r.media_url, createdAt: r.created_at.toISOString() }));
}
