import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import type { EventStore } from '../../../eventstore/event-store.port';
import { stableId } from '../../../shared/stable-id';
import { complianceStream } from '../compliance.events';
import { undeliverable, undeliverableMessage } from './email-address';

/**
 * Every sender of e-mail to a lead (plan and agent e-mails, property alerts, the homeowner
 * digest) asks this first: an address that bounced for good or complained gets nothing more, and
 * the lead's timeline says why, once per message (`messageId`: the sender's own id for it).
 * True when the e-mail must not go.
 */
export async function skipUndeliverableEmail(
  store: EventStore,
  to: { readonly leadId: string; readonly siteId: string; readonly email: string },
  messageId: string,
  crm?: { readonly byUserId: string },
): Promise<boolean> {
  const bounced = await undeliverable(store, to.email);
  if (!bounced) return false;
  await recordEmailSkipped(store, to, messageId, undeliverableMessage(to.email, bounced), crm);
  return true;
}

/** The lead's unsubscribing, as a skipped e-mail's reason says it. */
export const UNSUBSCRIBED_REASON = 'the lead turned e-mail off';

/**
 * An e-mail to the lead left unsent for good, on the lead's timeline (and, for a CRM e-mail,
 * its thread and the sender's undelivered count): once per message, whoever records it.
 */
export async function recordEmailSkipped(
  store: EventStore,
  to: { readonly leadId: string; readonly siteId: string },
  messageId: string,
  reason: string,
  crm?: { readonly byUserId: string },
): Promise<void> {
  await recordOnce(store, complianceStream(to.leadId), [
    {
      type: 'AutomatedEmailSkipped',
      data: { leadId: to.leadId, messageId, reason, ...(crm ? { byUserId: crm.byUserId } : {}) },
      eventId: stableId(`automated-email-skipped:${messageId}`),
      metadata: metadataOf(systemContext(new Date(), to.siteId)),
    },
  ]);
}
