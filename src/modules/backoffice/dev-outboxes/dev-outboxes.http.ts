import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { StaffGuard } from '../../accounts';
import { readMailbox, readSmsOutbox } from '../../messaging';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The development outboxes: what the mail and SMS outbox adapters kept (password links among
 * them), newest first, as JSON (the web app renders text, never HTML). Staff only, because a
 * reset link read here is an account taken over; and not served at all in production
 * (DevOutboxesModule is left out there, see app.module.ts).
 */
@Controller('api/dev')
@UseGuards(StaffGuard)
export class DevOutboxesController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Get('mailbox')
  @ApiDoc({ summary: 'Development mailbox: the mail_outbox, newest first (?to= one address); absent in production', tag: 'dev', access: 'staff', responses: { 200: '{messages}', 401: 'signed out', 403: 'below level 25' } })
  async mailbox(@Query('to') to?: unknown) {
    return { messages: await readMailbox(this.pool, text(to)) };
  }

  @Get('sms')
  @ApiDoc({ summary: 'Development SMS outbox: the sms_outbox, newest first (?to= ten digits); absent in production', tag: 'dev', access: 'staff', responses: { 200: '{messages}', 401: 'signed out', 403: 'below level 25' } })
  async sms(@Query('to') to?: unknown) {
    const phone = text(to);
    return { messages: await readSmsOutbox(this.pool, phone && /^\d{10}$/.test(phone) ? phone : null) };
  }
}
