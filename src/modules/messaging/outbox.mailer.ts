import type pg from 'pg';
import { type MailMessage, Mailer } from './mailer.port';

/** Development adapter: mail is kept in the mail_outbox table, readable at GET /api/dev/mailbox. */
export class OutboxMailer extends Mailer {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    await this.pool.query('INSERT INTO mail_outbox (to_address, subject, text_body, html_body, headers, attachments) VALUES ($1, $2, $3, $4, $5, $6)', [
      m.to,
      m.subject,
      m.text,
      m.html ?? null,
      // The table has no column of its own for it; the mailbox shows it with the other headers.
      m.replyTo ? { ...m.headers, 'Reply-To': m.replyTo } : (m.headers ?? {}),
      JSON.stringify(m.attachments ?? []),
    ]);
  }
}
