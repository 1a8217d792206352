import { Controller, Get, Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../app/tokens';
import type { Config } from '../../../config/config';
import { notFound } from '../../../shared/errors';

/**
 * Development mailbox: what the outbox adapter "sent", newest first, as JSON (the web app may
 * render it; text is never HTML). Absent (404) when NODE_ENV is production.
 */
@Controller('api/dev/mailbox')
export class MailboxController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  async list(@Query('to') to?: string) {
    if (this.config.env === 'production') throw notFound();
    const { rows } = await this.pool.query(
      `SELECT id, to_address, subject, text_body, html_body, headers, created_at FROM mail_outbox
       WHERE $1::text IS NULL OR lower(to_address) = lower($1) ORDER BY id DESC LIMIT 100`,
      [typeof to === 'string' && to ? to : null],
    );
    return {
      messages: rows.map((r) => ({
        id: String(r.id),
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        headers: r.headers,
        createdAt: r.created_at,
      })),
    };
  }
}
