import { Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { userStream } from '../../accounts';
import { buyerAgreementsStream } from '../../agreements';
import { callsStream, chatStream, emailStream, smsStream } from '../../conversation';
import { leadInScope, leadStream } from '../../leads';
import { complianceStream } from '../compliance.events';
import { type HistoryEvent, leadEvidence } from './lead-evidence';

/** Of the account's stream, only what concerns contact: never its sign-ins, passwords or sessions. */
const ACCOUNT_TYPES = new Set(['ConsentChanged', 'CellPhoneChanged']);

/** The evidence export (contract section 13), in the viewer's scope (another office's lead: 404). */
@Controller()
export class LeadEvidenceController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Route(contract.compliance.evidence)
  async evidence(@Param('leadId') leadId: string, @Query() { asOf }: QueryOf<typeof contract.compliance.evidence>, @Req() req: Request) {
    const { lead } = await leadInScope(this.store, req, leadId);
    const own = [leadStream, smsStream, emailStream, callsStream, chatStream, complianceStream, buyerAgreementsStream].map((s) => s(lead.leadId));
    const streams = await this.store.readStreams([...own, userStream(lead.userId)]);
    const events = [...streams.values()]
      .flat()
      .filter((e) => e.streamId !== userStream(lead.userId) || ACCOUNT_TYPES.has(e.type))
      .sort((a, b) => (a.transactionId === b.transactionId ? Number(a.globalPosition - b.globalPosition) : a.transactionId < b.transactionId ? -1 : 1));
    const history: HistoryEvent[] = events.map((e) => ({ type: e.type, at: e.metadata.at, data: e.data as Record<string, unknown> }));
    return leadEvidence(lead.leadId, asOf ?? new Date().toISOString(), history);
  }
}
