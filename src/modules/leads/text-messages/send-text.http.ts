import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { validation } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { commandContextOf, loadAccount } from '../../accounts';
import { SmsSender } from '../../messaging';
import { requireSite } from '../../sites';
import { dashboardViewer, mayView } from '../dashboard/viewer';
import { type LeadMessageEvent, smsStream, type TextMessageSent } from '../leads.events';
import { loadLead } from '../load-lead';
import { mmsCapMessage, overMmsCap, type SkipReason, textEligibility } from './text-messages';

const log = logger('texts');
const MEDIA_URL = /^(https:\/\/[^\s]{1,500}|\/uploads\/[a-f0-9]{32}\.[a-z0-9]{2,5})$/;

const SendBody = z
  .strictObject({
    leadIds: z.array(z.uuid({ error: 'leadIds must be lead ids' })).min(1, { error: 'Please select at least one lead' }).max(1000),
    kind: z.enum(['text', 'video'], { error: 'kind must be text or video' }),
    body: z.string().max(1600, { error: 'A text can have at most 1600 characters' }),
    mediaUrl: z.string().regex(MEDIA_URL, { error: 'mediaUrl must be an https address or an upload' }).nullable().optional(),
  })
  .refine((b) => b.kind !== 'video' || !!b.mediaUrl, { error: 'A video message needs its video (mediaUrl)' });

/** Idempotent on messageId, so a retried record is not doubled. */
const textDecider = {
  initialState: () => new Set<string>(),
  evolve: (s: Set<string>, e: LeadMessageEvent) => new Set(s).add(e.data.messageId),
  decide: (c: TextMessageSent['data'], s: Set<string>): LeadMessageEvent[] => (s.has(c.messageId) ? [] : [{ type: 'TextMessageSent', data: c }]),
};

/**
 * Text and video (MMS) messages to the leads selected on the dashboard: the MMSBulkSendCap rule
 * with the spec's alert, then, for each lead the viewer may see, consent from the ledger, the
 * send through the SMS port, and TextMessageSent on the lead's `sms-` stream.
 */
@Controller('api/dashboard/messages')
export class SendTextController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
  ) {}

  @Post('send')
  @HttpCode(200)
  async send(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(SendBody, body);
    const cap = requireSite(req).settings.MMSBulkSendCap;
    const leadIds = [...new Set(input.leadIds)];
    if (overMmsCap(leadIds.length, cap)) throw validation(mmsCapMessage(cap));
    const text = input.body.trim();
    if (!text && input.kind === 'text') throw validation('Please enter a message');
    const ctx = commandContextOf(req);
    const skipped: { leadId: string; reason: SkipReason | 'failed' }[] = [];
    let sent = 0;
    for (const leadId of leadIds) {
      const { lead } = await loadLead(this.store, leadId);
      if (!lead.exists || !mayView(viewer, lead)) {
        skipped.push({ leadId, reason: 'not-found' });
        continue;
      }
      const { account } = await loadAccount(this.store, lead.userId);
      const reason = textEligibility(account.exists ? account : { exists: false });
      if (reason || !account.exists) {
        skipped.push({ leadId, reason: reason ?? 'not-found' });
        continue;
      }
      let providerId: string;
      try {
        ({ providerId } = await this.sms.send({ to: account.cellPhone!, body: text, mediaUrl: input.mediaUrl ?? null }));
      } catch (err) {
        log.warn('a text could not be sent', { leadId, message: (err as Error).message });
        skipped.push({ leadId, reason: 'failed' });
        continue;
      }
      const data: TextMessageSent['data'] = {
        leadId,
        siteId: lead.siteId,
        messageId: randomUUID(),
        byUserId: viewer.userId,
        kind: input.kind,
        body: text,
        mediaUrl: input.mediaUrl ?? null,
        providerId,
      };
      await handleCommand(this.store, smsStream(leadId), textDecider, data, ctx);
      sent++;
    }
    return { isSuccess: true, sent, skipped };
  }
}
