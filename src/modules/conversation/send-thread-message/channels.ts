import { type ChannelState, type SendChannel, THREAD_MESSAGES } from '../../../contract/thread';

/** What decides whether the viewer may write to the lead on each channel now. */
export type ChannelFacts = {
  /** The write side lets the viewer work the lead (its agent, the office's broker, staff). */
  readonly mayWork: boolean;
  readonly inPond: boolean;
  /** The viewer answers the lead's chat: its agent, or the broker while it is in the pond (chatAnswererOf). */
  readonly isAgent: boolean;
  /** Why the lead cannot be texted (the consent ledger, the cell phone), null when it can. */
  readonly text: 'no-consent' | 'no-cell-phone' | 'not-found' | null;
  readonly hasEmail: boolean;
  /** Why e-mail cannot go (the e-mail lane's answer), null when it can. */
  readonly email: string | null;
};

const TEXT_REASON = {
  'no-consent': THREAD_MESSAGES.noTextConsent,
  'no-cell-phone': THREAD_MESSAGES.noCellPhone,
  'not-found': THREAD_MESSAGES.noCellPhone,
} as const;

/** Each channel the composer offers, available or with the reason it is not: the composer and `POST …/messages` both read this. */
export function channelStates(f: ChannelFacts): ChannelState[] {
  const state = (channel: SendChannel, reason: string | null): ChannelState => ({ channel, available: reason === null, reason });
  if (!f.mayWork) {
    const reason = f.inPond ? THREAD_MESSAGES.claimFirst : THREAD_MESSAGES.notAgent;
    return [state('chat', reason), state('text', reason), state('email', reason)];
  }
  return [
    state('chat', f.isAgent ? null : THREAD_MESSAGES.chatAgentOnly),
    state('text', f.text ? TEXT_REASON[f.text] : null),
    state('email', !f.hasEmail ? THREAD_MESSAGES.noEmail : f.email),
  ];
}

/** Why `channel` is refused (the 403's message), or null when the viewer may write on it. */
export const refusal = (states: readonly ChannelState[], channel: SendChannel): string | null => states.find((s) => s.channel === channel)?.reason ?? null;
