import type { Decider } from '../../../commands/decider';
import type { SmsEvent, TextMessageSent } from '../conversation.events';

/** What deciding on a lead's `sms-` stream needs: the messages it holds. */
export type SmsState = { readonly messageIds: ReadonlySet<string> };

/**
 * An agent's text once: the same messageId again (a retried record) appends nothing. (Texts the
 * lead sends are recorded once per MessageSid by their event id: inbound-texts.ts.)
 */
export function decideTextSent(c: TextMessageSent['data'], s: SmsState): SmsEvent[] {
  return s.messageIds.has(c.messageId) ? [] : [{ type: 'TextMessageSent', data: c }];
}

export const evolveSms = (s: SmsState, e: SmsEvent): SmsState => ({ messageIds: new Set(s.messageIds).add(e.data.messageId) });

export const smsDecider: Decider<SmsState, TextMessageSent['data'], SmsEvent> = {
  initialState: () => ({ messageIds: new Set() }),
  evolve: evolveSms,
  decide: decideTextSent,
};
