import { Body, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../../runtime/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { conflict, notFound } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { requireAuth } from '../../accounts';
import { failedByOutbox, outboxNamed, sendAgain } from '../../messaging';
import { BackofficeController } from '../backoffice-controller';

const log = logger('failed-messages');
const SendAgainBody = z.strictObject({});

/** The messages the outboxes gave up (a permanent refusal, or a day of failures), per outbox, with their reason; staff send one again. */
@BackofficeController('outboxes')
export class FailedMessagesController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Get('failed')
  @ApiDoc({ summary: 'Every outbox with its failed messages (newest first, at most 100 each): reason, attempts, last try', tag: 'Back-office: outboxes', access: 'staff', responses: { 200: '{outboxes:[{name, label, total, failed}]}' } })
  async list() {
    return { outboxes: await failedByOutbox(this.pool) };
  }

  @Post(':outbox/:id/send-again')
  @HttpCode(202)
  @ApiDoc({
    summary: 'Queue a failed message once more (the same message id: a new try of the same message, once towards the provider per try)',
    tag: 'Back-office: outboxes',
    access: 'staff',
    body: SendAgainBody,
    responses: { 202: '{isSuccess}', 404: 'no such outbox or message', 409: 'the message is not failed (already queued again, or sent)' },
  })
  async sendAgain(@Param('outbox') name: string, @Param('id') id: string, @Body() body: unknown, @Req() req: Request) {
    parseBody(SendAgainBody, body ?? {});
    const outbox = outboxNamed(name);
    if (!outbox) throw notFound(`No outbox is called ${name}`);
    const outcome = await sendAgain(this.pool, outbox, id);
    if (outcome === 'unknown') throw notFound('No such message in this outbox');
    if (outcome === 'not-failed') throw conflict('This message is not failed: it was queued again already, or sent');
    log.info('a failed message was queued again', { outbox: outbox.name, messageId: id, byUserId: requireAuth(req).userId });
    return { isSuccess: true };
  }
}
