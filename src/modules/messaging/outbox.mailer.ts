import type pg from 'pg';
import { type MailMessage, Mailer, messageIdOf } from './mailer.port';

/** Development adapter: mail is kept in the mail_outbox table, readable at GET /api/dev/mailbox. */
export class OutboxMailer extends Mailer {
  constructor(
    private readonly pool: pg.Pool,
    private readonly from: string,
  ) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    await this.pool.query('INSERT INTO mail_outbox (to_address, subject, text_body, html_body, headers, attachments) VALUES ($1, $2, $3, $4, $5, $6)', [
      m.to,
      m.subject,
      m.text,
      m.html ?? null,
      // The table has no columns of their own for them; the mailbox shows them with the other headers.
      { ...m.headers, ...(m.replyTo ? { 'Reply-To': m.replyTo } : {}), ...(m.messageKey ? { 'Message-ID': messageIdOf(m.messageKey, this.from) } : {}) },
      JSON.stringify(m.attachments ?? []),
    ]);
  }
}
