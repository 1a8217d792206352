import { Body, Controller, Inject, Param, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { conflict, notFound } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { requireAuth, StaffGuard } from '../../accounts';
import { failedByOutbox, outboxNamed, sendAgain } from '../../messaging';
import { AdminCommands } from '../admin-commands';

const log = logger('failed-messages');

/**
 * The messages the outboxes gave up (a permanent refusal, or a day of failures), per outbox, with
 * their reason; staff send one again, which their account history records (FailedMessageSentAgain).
 */
@Controller()
@UseGuards(StaffGuard)
export class FailedMessagesController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(AdminCommands) private readonly commands: AdminCommands,
  ) {}

  @Route(contract.outboxes.failed)
  async list() {
    return { outboxes: await failedByOutbox(this.pool) };
  }

  /** The same message id: a new try of the same message, once towards the provider per try. The body is empty. */
  @Route(contract.outboxes.sendAgain)
  async sendAgain(@Param('outbox') name: string, @Param('id') id: string, @Body() _empty: BodyOf<typeof contract.outboxes.sendAgain>, @Req() req: Request) {
    const outbox = outboxNamed(name);
    if (!outbox) throw notFound(`No outbox is called ${name}`);
    const byUserId = requireAuth(req).userId;
    const outcome = await sendAgain(this.pool, outbox, id, ({ leadId }) =>
      this.commands.run(req, byUserId, () => [{ type: 'FailedMessageSentAgain', data: { userId: byUserId, outbox: outbox.name, messageId: id, leadId } }]),
    );
    if (outcome === 'unknown') throw notFound('No such message in this outbox');
    if (outcome === 'not-failed') throw conflict('This message is not failed: it was queued again already, or sent');
    log.info('a failed message was queued again', { outbox: outbox.name, messageId: id, byUserId });
    return { isSuccess: true as const };
  }
}
