import { Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { type Checkpoint, EventStore } from '../../../eventstore/event-store.port';

type LogEvent = Checkpoint;
import { Route } from '../../../http/contract/route.decorator';
import { userStream } from '../../accounts';
import { buyerAgreementsStream } from '../../agreements';
import { callsStream, chatStream, emailStream, smsStream } from '../../conversation';
import { leadInScope, leadStream } from '../../leads';
import { complianceStream, textDeliveryStream } from '../compliance.events';
import { emailAddressStream } from '../email-delivery/email-address';
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
    const inLogOrder = (a: LogEvent, b: LogEvent) =>
      a.transactionId === b.transactionId ? Number(a.globalPosition - b.globalPosition) : a.transactionId < b.transactionId ? -1 : 1;
    const events = [...streams.values()].flat().filter((e) => e.streamId !== userStream(lead.userId) || ACCOUNT_TYPES.has(e.type));
    // The carriers' and the relay's reports on what was sent: each text's by its provider's id (joined to the text's message id), the address's bounces.
    const texts = events.flatMap((e) => (e.type === 'TextMessageSent' ? [e.data as { messageId: string; providerId: string }] : []));
    const reports = await this.store.readStreams([...texts.map((t) => textDeliveryStream(t.providerId)), emailAddressStream(lead.email)]);
    const messageOf = new Map(texts.map((t) => [t.providerId, t.messageId]));
    const delivery = [...reports.values()].flat().map((e) => {
      const data = e.data as Record<string, unknown>;
      const messageId = typeof data.providerId === 'string' ? messageOf.get(data.providerId) : undefined;
      return { ...e, data: messageId ? { ...data, messageId } : data };
    });
    const history: HistoryEvent[] = [...events, ...delivery]
      .sort(inLogOrder)
      .map((e) => ({ type: e.type, at: e.metadata.at, data: e.data as Record<string, unknown> }));
    return leadEvidence(lead.leadId, asOf ?? new Date().toISOString(), history);
  }
}
