import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { ChatEvent } from '../chat.events';
import { decideReadChatMessages, type ReadChatMessages, readChatMessagesDecider } from './read-message.decide';
import { refused } from '../../../../tests/support/refused';

const chat = { chatId: 'lead-1', leadId: 'lead-1' };
const LEAD = 'u-lead';
const AGENT = 'u-agent';

const given = (...events: ChatEvent[]) => fold(readChatMessagesDecider, events);
const sent = (messageId: string, fromUserId = LEAD, toUserId = AGENT): ChatEvent => ({
  type: 'ChatMessageSent',
  data: { ...chat, siteId: 's1', messageId, fromUserId, toUserId, text: `text of ${messageId}` },
});
const read = (readerId: string, upToMessageId: string): ReadChatMessages => ({ ...chat, readerId, upToMessageId });
const wasRead = (readerId: string, upToMessageId: string): ChatEvent => ({ type: 'ChatMessagesRead', data: read(readerId, upToMessageId) });

describe('ReadChatMessages (given / when / then)', () => {
  it('given one message sent, when its recipient reads up to it, then ChatMessagesRead with the command', () => {
    expect(decideReadChatMessages(read(AGENT, 'm1'), given(sent('m1')))).toEqual([
      { type: 'ChatMessagesRead', data: { chatId: 'lead-1', leadId: 'lead-1', readerId: AGENT, upToMessageId: 'm1' } },
    ]);
  });

  it('given m1, m2 sent and the agent read up to m1, when the agent reads up to m2, then ChatMessagesRead up to m2 (the receipt moves forwards)', () => {
    expect(decideReadChatMessages(read(AGENT, 'm2'), given(sent('m1'), sent('m2'), wasRead(AGENT, 'm1')))).toEqual([wasRead(AGENT, 'm2')]);
  });

  it('given m1, m2 sent and the agent read up to m2, when the agent reads up to m2 again, then nothing', () => {
    expect(decideReadChatMessages(read(AGENT, 'm2'), given(sent('m1'), sent('m2'), wasRead(AGENT, 'm2')))).toEqual([]);
  });

  it('given m1, m2 sent and the agent read up to m2, when the agent reads up to the older m1, then nothing (a receipt never moves back)', () => {
    expect(decideReadChatMessages(read(AGENT, 'm1'), given(sent('m1'), sent('m2'), wasRead(AGENT, 'm2')))).toEqual([]);
  });

  it('given m1, m2, m3 sent and the agent read up to m3 in one go, when the agent reads up to m2, then nothing', () => {
    expect(decideReadChatMessages(read(AGENT, 'm2'), given(sent('m1'), sent('m2'), sent('m3'), wasRead(AGENT, 'm3')))).toEqual([]);
  });

  it('given the agent read up to m2, when the lead reads up to m1, then ChatMessagesRead for the lead (each reader has their own receipt)', () => {
    const state = given(sent('m1'), sent('m2', AGENT, LEAD), wasRead(AGENT, 'm2'));
    expect(decideReadChatMessages(read(LEAD, 'm1'), state)).toEqual([wasRead(LEAD, 'm1')]);
  });

  it("given no message m9 in the chat, when reading up to m9, then not found 'No such message'", () => {
    expect(refused(() => decideReadChatMessages(read(AGENT, 'm9'), given()))).toMatchObject({ code: 'not_found', message: 'No such message' });
    expect(refused(() => decideReadChatMessages(read(AGENT, 'm9'), given(sent('m1'), wasRead(AGENT, 'm1'))))).toMatchObject({
      code: 'not_found',
      message: 'No such message',
    });
  });
});
