import { describe, expect, it } from 'vitest';
import { THREAD_MESSAGES } from '../../../contract/thread';
import { type ChannelFacts, channelStates, refusal } from './channels';

const agent: ChannelFacts = { mayWork: true, inPond: false, isAgent: true, text: null, hasEmail: true, email: null };

describe('the channels an agent can answer on', () => {
  it("the lead's agent: chat, text and e-mail when consent, cell phone and address allow", () => {
    expect(channelStates(agent)).toEqual([
      { channel: 'chat', available: true, reason: null },
      { channel: 'text', available: true, reason: null },
      { channel: 'email', available: true, reason: null },
    ]);
  });

  it('says why text is not available: consent revoked (STOP), or no valid cell phone', () => {
    expect(refusal(channelStates({ ...agent, text: 'no-consent' }), 'text')).toBe(THREAD_MESSAGES.noTextConsent);
    expect(refusal(channelStates({ ...agent, text: 'no-cell-phone' }), 'text')).toBe(THREAD_MESSAGES.noCellPhone);
    expect(refusal(channelStates({ ...agent, text: 'no-consent' }), 'chat')).toBeNull();
  });

  it('says why e-mail is not available: no address, or the consent ledger (unsubscribed)', () => {
    const unsubscribed = 'This lead unsubscribed from e-mail, so no e-mail can be sent to them';
    expect(refusal(channelStates({ ...agent, hasEmail: false, email: unsubscribed }), 'email')).toBe(THREAD_MESSAGES.noEmail);
    expect(refusal(channelStates({ ...agent, email: unsubscribed }), 'email')).toBe(unsubscribed);
  });

  it('a broker (or staff) texts and e-mails the lead but the chat is the agent’s', () => {
    const states = channelStates({ ...agent, isAgent: false });
    expect(states.map((s) => s.available)).toEqual([false, true, true]);
    expect(refusal(states, 'chat')).toBe(THREAD_MESSAGES.chatAgentOnly);
  });

  it('an agent who may only read the lead (a pond lead) is told to claim it first, on every channel', () => {
    expect(channelStates({ ...agent, mayWork: false, inPond: true, isAgent: false }).map((s) => s.reason)).toEqual(Array(3).fill(THREAD_MESSAGES.claimFirst));
    expect(channelStates({ ...agent, mayWork: false, isAgent: false }).map((s) => s.reason)).toEqual(Array(3).fill(THREAD_MESSAGES.notAgent));
  });
});
