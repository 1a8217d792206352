import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { EventStore } from '../../../eventstore/event-store.port';
import { loadLead } from '../../leads';
import { HeldAddresses, type MailMessage } from '../../messaging';
import { undeliverable, undeliverableMessage } from './email-address';
import { recordEmailSkipped } from './email-skipped';

/**
 * The mail path's question before every e-mail, answered from the address's delivery reports: an
 * address that bounced for good or complained gets nothing more. For an e-mail to a lead the
 * timeline says why, once per message; the address is the reason before the sender's own
 * (`withheld`: a complaint also turns the lead's e-mail off, and the complaint is what to say).
 */
@Injectable()
export class UndeliverableAddresses extends HeldAddresses {
  constructor(@Inject(EventStore) private readonly store: EventStore) {
    super();
  }

  async reasonToHold(m: MailMessage): Promise<string | null> {
    const bounced = await undeliverable(this.store, m.to);
    const reason = bounced ? undeliverableMessage(m.to, bounced) : (m.lead?.withheld ?? null);
    if (reason === null) return null;
    const { lead } = m.lead ? await loadLead(this.store, m.lead.leadId) : { lead: null };
    if (m.lead && lead?.exists) {
      const crm = m.lead.byUserId ? { byUserId: m.lead.byUserId } : undefined;
      await recordEmailSkipped(this.store, { leadId: lead.leadId, siteId: lead.siteId }, m.lead.messageId, reason, crm);
    }
    return reason;
  }
}

/** Global only so that messaging's Mailer finds the HeldAddresses port (as it finds AgentMailboxes). */
@Global()
@Module({
  providers: [{ provide: HeldAddresses, useClass: UndeliverableAddresses }],
  exports: [HeldAddresses],
})
export class HeldAddressesModule {}
