import { Body, Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { officeSiteSettings } from '../../../../projections/sites';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { SmsSender } from '../../messaging';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';
import { sendTextToLead } from './send-text';
import { SiteNumbers } from '../site-numbers';
import { mmsCapMessage, overMmsCap, type SkipReason } from '../../messaging';

/**
 * Text and video (MMS) messages to the leads selected on the dashboard: the MMSBulkSendCap rule
 * of the sender's office (its broker site; staff: the default) with the spec's alert, then, for each lead the viewer may see, the one text path
 * (sendTextToLead: consent from the ledger, the SMS port, TextMessageSent).
 */
@Controller()
export class SendTextController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(SiteNumbers) private readonly numbers: SiteNumbers,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.conversation.sendTexts)
  async send(@Body() input: BodyOf<typeof contract.conversation.sendTexts>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
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
      const result = await sendTextToLead(
        this.store,
        this.sms,
        this.numbers,
        { lead, byUserId: viewer.userId, kind: input.kind, body: text, mediaUrl: input.mediaUrl ?? null },
        ctx,
      );
      if (result.sent) sent++;
      else skipped.push({ leadId, reason: result.reason });
    }
    return { isSuccess: true as const, sent, skipped };
  }
}
