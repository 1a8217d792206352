import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { CHAT_MAX_LENGTH, type ChatEvent } from '../chat.events';
import { CHAT_MESSAGES, decideSendChatMessage, type SendChatMessage, sendChatMessageDecider } from './send-message.decide';
import { refused } from '../../../../tests/support/refused';

const send = (messageId: string, text = 'Is the house still available?'): SendChatMessage => ({
  chatId: 'lead-1',
  leadId: 'lead-1',
  siteId: 's1',
  messageId,
  fromUserId: 'u-lead',
  toUserId: 'u-agent',
  text,
});
const given = (...events: ChatEvent[]) => fold(sendChatMessageDecider, events);
const sent = (messageId: string, text?: string): ChatEvent => ({ type: 'ChatMessageSent', data: send(messageId, text) });

describe('SendChatMessage (given / when / then)', () => {
  it('given an empty chat, when a message is sent, then ChatMessageSent with the whole command', () => {
    expect(decideSendChatMessage(send('m1'), given())).toEqual([
      {
        type: 'ChatMessageSent',
        data: { chatId: 'lead-1', leadId: 'lead-1', siteId: 's1', messageId: 'm1', fromUserId: 'u-lead', toUserId: 'u-agent', text: 'Is the house still available?' },
      },
    ]);
  });

  it('given m1 sent, when another message m2 is sent, then ChatMessageSent for m2', () => {
    expect(decideSendChatMessage(send('m2', 'Tomorrow?'), given(sent('m1')))).toEqual([sent('m2', 'Tomorrow?')]);
  });

  it('given an empty chat, when the text has spaces and new lines around it, then the event holds it trimmed (inner new lines kept)', () => {
    expect(decideSendChatMessage(send('m1', '  \n Hello,\nsee you \t\n'), given())).toEqual([sent('m1', 'Hello,\nsee you')]);
  });

  it('given m1 sent, when m1 is sent again (a retry), then nothing, even with another text', () => {
    expect(decideSendChatMessage(send('m1'), given(sent('m1')))).toEqual([]);
    expect(decideSendChatMessage(send('m1', 'changed my mind'), given(sent('m1'), sent('m2')))).toEqual([]);
  });

  it('given m1 sent, when m1 is retried with a now empty text, then nothing (the retry check comes before validation)', () => {
    expect(decideSendChatMessage(send('m1', '   '), given(sent('m1')))).toEqual([]);
  });

  it.each(['', '   ', '\n\t '])("given an empty chat, when the text is %j, then 'Please enter a message'", (text) => {
    expect(refused(() => decideSendChatMessage(send('m1', text), given()))).toMatchObject({ code: 'validation', message: 'Please enter a message' });
  });

  it(`given an empty chat, when the text has ${CHAT_MAX_LENGTH + 1} characters, then 'A message can have at most ${CHAT_MAX_LENGTH} characters'`, () => {
    expect(CHAT_MESSAGES.tooLong).toBe('A message can have at most 2000 characters');
    expect(refused(() => decideSendChatMessage(send('m1', 'x'.repeat(CHAT_MAX_LENGTH + 1)), given()))).toMatchObject({
      code: 'validation',
      message: 'A message can have at most 2000 characters',
    });
  });

  it(`given an empty chat, when the text has exactly ${CHAT_MAX_LENGTH} characters (after trimming), then it is sent`, () => {
    const text = 'x'.repeat(CHAT_MAX_LENGTH);
    expect(decideSendChatMessage(send('m1', `  ${text}  `), given())).toEqual([sent('m1', text)]);
  });
});
