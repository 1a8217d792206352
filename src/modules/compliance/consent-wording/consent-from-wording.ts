import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import type { EventStore } from '../../../eventstore/event-store.port';
import { stableId } from '../../../shared/stable-id';
import { loadAccount, userStream } from '../../accounts';
import { complianceStream } from '../compliance.events';
import { type ConsentFromWording, decideConsentFromWording } from './consent-from-wording.decide';
import { emailReplyWords } from './email-reply-words';

/**
 * A lead's message read for consent, its events on the account's stream. Once per message: the
 * event ids come from the message's id, so a provider's retry writes nothing again.
 */
export async function actOnConsentWording(store: EventStore, message: Omit<ConsentFromWording, 'at'>): Promise<void> {
  const { account } = await loadAccount(store, message.userId);
  if (!account.exists) return;
  const ctx = { ...systemContext(), siteId: account.siteId, actorId: message.userId };
  const events = decideConsentFromWording({ ...message, at: ctx.now.toISOString() }, account);
  if (events.length === 0) return;
  const metadata = metadataOf(ctx);
  const once = <E extends (typeof events)[number]>(e: E, i: number) => ({
    ...e,
    eventId: stableId(`consent-wording:${message.userId}:${message.messageId}:${i}`),
    metadata,
  });
  // The ledger stays on the account's stream (whose fold knows only account events); the question, on the lead's.
  const ledger = events.filter((e) => e.type !== 'ConsentWordingUnclear');
  const asked = events.filter((e) => e.type === 'ConsentWordingUnclear');
  if (ledger.length) await recordOnce(store, userStream(message.userId), ledger.map(once));
  if (asked.length) await recordOnce(store, complianceStream(message.leadId), asked.map(once));
}

/**
 * A lead's e-mail reply read for consent on e-mail, by the same versioned rules as texts: only
 * the words they wrote (the quoted history is cut before the reply is kept; the signature and a
 * legal footer here). Once per message, like a text.
 */
export function actOnEmailReply(store: EventStore, reply: { userId: string; leadId: string; messageId: string; body: string }): Promise<void> {
  return actOnConsentWording(store, { ...reply, channel: 'email', body: emailReplyWords(reply.body) });
}
