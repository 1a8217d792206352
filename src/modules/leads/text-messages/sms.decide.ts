import type { Decider } from '../../../commands/decider';
import type { SmsEvent, TextMessageReceived, TextMessageSent } from '../leads.events';

/** What deciding on a lead's `sms-` stream needs: the messages it holds, by our id and the provider's. */
export type SmsState = { readonly messageIds: ReadonlySet<string>; readonly providerIds: ReadonlySet<string> };

export type SmsCommand = { readonly kind: 'sent'; readonly data: TextMessageSent['data'] } | { readonly kind: 'received'; readonly data: TextMessageReceived['data'] };

/**
 * A text once: the same messageId again (a retried record) appends nothing, and an inbound text
 * whose provider id (Twilio's MessageSid) is already there (the webhook delivered again) neither.
 */
export function decideSms(c: SmsCommand, s: SmsState): SmsEvent[] {
  if (s.messageIds.has(c.data.messageId)) return [];
  if (c.kind === 'received') return s.providerIds.has(c.data.providerId) ? [] : [{ type: 'TextMessageReceived', data: c.data }];
  return [{ type: 'TextMessageSent', data: c.data }];
}

export const evolveSms = (s: SmsState, e: SmsEvent): SmsState => ({
  messageIds: new Set(s.messageIds).add(e.data.messageId),
  providerIds: e.type === 'TextMessageReceived' ? new Set(s.providerIds).add(e.data.providerId) : s.providerIds,
});

export const smsDecider: Decider<SmsState, SmsCommand, SmsEvent> = {
  initialState: () => ({ messageIds: new Set(), providerIds: new Set() }),
  evolve: evolveSms,
  decide: decideSms,
};
