import type pg from 'pg';
import type { MailAttachment } from '../mailer.port';

export type MailboxMessage = {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly headers: Record<string, string>;
  readonly attachments: readonly MailAttachment[];
  readonly createdAt: Date;
};

/**
 * What the outbox adapter "sent" (the development mailbox), newest first, at most 100; only to
 * one address when `to` is given. Served to staff outside production (back-office dev-outboxes).
 */
export async function readMailbox(pool: pg.Pool, to?: string | null): Promise<MailboxMessage[]> {
  const { rows } = await pool.query(
    `SELECT id, to_address, subject, text_body, html_body, headers, attachments, created_at FROM mail_outbox
     WHERE $1::text IS NULL OR lower(to_address) = lower($1) ORDER BY id DESC LIMIT 100`,
    [to || null],
  );
  return rows.map((r) => ({
    id: String(r.id),
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    headers: r.headers,
    attachments: r.attachments,
    createdAt: r.created_at,
  }));
}
