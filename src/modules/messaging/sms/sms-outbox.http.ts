import { Controller, Get, Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../app/tokens';
import type { Config } from '../../../config/config';
import { notFound } from '../../../shared/errors';

/** Development: the texts the outbox adapter kept, newest first, as JSON; 404 in production. */
@Controller('api/dev/sms')
export class SmsOutboxController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  async list(@Query('to') to?: string) {
    if (this.config.env === 'production') throw notFound();
    const { rows } = await this.pool.query<{ id: string; to_number: string; body: string; media_url: string | null; created_at: Date }>(
      `SELECT id::text, to_number, body, media_url, created_at FROM sms_outbox WHERE $1::text IS NULL OR to_number = $1 ORDER BY id DESC LIMIT 100`,
      [typeof to === 'string' && /^\d{10}$/.test(to) ? to : null],
    );
    return { messages: rows.map((r) => ({ id: r.id, to: r.to_number, body: r.body, mediaUrl: r.media_url, createdAt: r.created_at.toISOString() })) };
  }
}
