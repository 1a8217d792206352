import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { officeSiteSettings } from '../../../../projections/sites';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { SmsSender } from '../../messaging';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';
import { sendTextToLead } from './send-text';
import { SiteNumbers } from '../site-numbers';
import { MEDIA_URL, mmsCapMessage, overMmsCap, type SkipReason } from '../../messaging';

const SendBody = z
  .strictObject({
    leadIds: z.array(z.uuid({ error: 'leadIds must be lead ids' })).min(1, { error: 'Please select at least one lead' }).max(1000),
    kind: z.enum(['text', 'video'], { error: 'kind must be text or video' }),
    body: z.string().max(1600, { error: 'A text can have at most 1600 characters' }),
    mediaUrl: z.string().regex(MEDIA_URL, { error: 'mediaUrl must be an https address or an upload' }).nullable().optional(),
  })
  .refine((b) => b.kind !== 'video' || !!b.mediaUrl, { error: 'A video message needs its video (mediaUrl)' });

/**
 * Text and video (MMS) messages to the leads selected on the dashboard: the MMSBulkSendCap rule
 * of the sender's office (its broker site; staff: the default) with the spec's alert, then, for each lead the viewer may see, the one text path
 * (sendTextToLead: consent from the ledger, the SMS port, TextMessageSent).
 */
@Controller('api/dashboard/messages')
export class SendTextController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(SiteNumbers) private readonly numbers: SiteNumbers,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('send')
  @HttpCode(200)
  async send(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(SendBody, body);
    // The office's rule, wherever the sender signed in: a Host (an agent's own site) cannot raise it.
    const office = viewer.role === 'broker' ? viewer.userId : viewer.role === 'agent' ? (viewer.officeId ?? null) : null;
    const cap = (await officeSiteSettings(this.pool, office)).MMSBulkSendCap;
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
      const result = await sendTextToLead(this.store, this.sms, this.numbers, { lead, byUserId: viewer.userId, kind: input.kind, body: text, mediaUrl: input.mediaUrl ?? null }, ctx);
      if (result.sent) sent++;
      else skipped.push({ leadId, reason: result.reason });
    }
    return { isSuccess: true, sent, skipped };
  }
}
