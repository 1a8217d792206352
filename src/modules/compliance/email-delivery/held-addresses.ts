import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { EventStore } from '../../../eventstore/event-store.port';
import { loadLead } from '../../leads';
import { HeldAddresses, type MailLead, type MailMessage } from '../../messaging';
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
    const reason = await holdReason(this.store, m.to, m.lead?.withheld ?? null);
    if (reason !== null && m.lead) await sayOnTimeline(this.store, m.lead, reason);
    return reason;
  }
}

/**
 * An e-mail to a lead its sender does not even compose, since the lead's e-mail is off (`withheld`
 * says why from the sender's side): on the lead's timeline as the mail path words a held one, the
 * address's own state first (a complaint turned the e-mail off: the complaint is what to say).
 */
export async function recordEmailWithheld(store: EventStore, to: string, lead: MailLead & { readonly withheld: string }): Promise<void> {
  await sayOnTimeline(store, lead, (await holdReason(store, to, lead.withheld)) ?? lead.withheld);
}

async function holdReason(store: EventStore, to: string, withheld: string | null): Promise<string | null> {
  const bounced = await undeliverable(store, to);
  return bounced ? undeliverableMessage(to, bounced) : withheld;
}

async function sayOnTimeline(store: EventStore, to: MailLead, reason: string): Promise<void> {
  const { lead } = await loadLead(store, to.leadId);
  if (!lead.exists) return;
  const crm = to.byUserId ? { byUserId: to.byUserId } : undefined;
  await recordEmailSkipped(store, { leadId: lead.leadId, siteId: lead.siteId }, to.messageId, reason, crm);
}

/** Global only so that messaging's Mailer finds the HeldAddresses port (as it finds AgentMailboxes). */
@Global()
@Module({
  providers: [{ provide: HeldAddresses, useClass: UndeliverableAddresses }],
  exports: [HeldAddresses],
})
export class HeldAddressesModule {}
