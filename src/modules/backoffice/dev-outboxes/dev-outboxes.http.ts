import { Controller, Inject, Query, UseGuards } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { StaffGuard } from '../../accounts';
import { readMailbox, readSmsOutbox } from '../../messaging';

const routes = contract.devOutboxes;

/**
 * The development outboxes: what the mail and SMS outbox adapters kept (password links among
 * them), newest first, as JSON (the web app renders text, never HTML). Staff only, because a
 * reset link read here is an account taken over; and not served at all in production
 * (DevOutboxesModule is left out there, see app.module.ts).
 */
@Controller()
@UseGuards(StaffGuard)
export class DevOutboxesController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(routes.mailbox)
  async mailbox(@Query() { to }: QueryOf<typeof routes.mailbox>) {
    const messages = await readMailbox(this.pool, to ?? null);
    return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  }

  @Route(routes.sms)
  async sms(@Query() { to }: QueryOf<typeof routes.sms>) {
    return { messages: await readSmsOutbox(this.pool, to && /^\d{10}$/.test(to) ? to : null) };
  }
}
