import type pg from 'pg';
import type { MailAttachment } from '../../src/modules/messaging';

export type OutboxMail = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly headers: Record<string, string>;
  readonly attachments: readonly MailAttachment[];
};

/** The e-mails to an address in the development outbox (mail_outbox), oldest first; read from the table, not through the staff-only mailbox route. */
export async function mailsTo(pool: pg.Pool, to: string): Promise<OutboxMail[]> {
  const { rows } = await pool.query<{
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    headers: Record<string, string>;
    attachments: MailAttachment[];
  }>('SELECT to_address, subject, text_body, html_body, headers, attachments FROM mail_outbox WHERE to_address = $1 ORDER BY id', [to]);
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, headers: r.headers, attachments: r.attachments }));
}

/** Waits (about 5 s at most) until at least `count` e-mails went to the address; answers them all. */
export async function waitForMails(pool: pg.Pool, to: string, count: number): Promise<OutboxMail[]> {
  for (let i = 0; i < 200; i++) {
    const mails = await mailsTo(pool, to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} e-mails to ${to}`);
}

/** Waits (about 5 s at most) for the first e-mail to the address that `matches` (other mail, e.g. new-lead notices, may come first). */
export async function waitForMail(pool: pg.Pool, to: string, matches: (m: OutboxMail) => boolean): Promise<OutboxMail> {
  for (let i = 0; i < 200; i++) {
    const found = (await mailsTo(pool, to)).find(matches);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no matching e-mail to ${to}`);
}
