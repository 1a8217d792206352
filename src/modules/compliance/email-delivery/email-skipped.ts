import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import type { EventStore } from '../../../eventstore/event-store.port';
import { stableId } from '../../../shared/stable-id';
import { complianceStream } from '../compliance.events';

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
