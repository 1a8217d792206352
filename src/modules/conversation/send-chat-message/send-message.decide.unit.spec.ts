import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import { CHAT_MAX_LENGTH, type ChatEvent } from '../chat.events';
import { CHAT_MESSAGES, type SendChatMessage, sendChatMessageDecider } from './send-message.decide';

const send = (messageId: string, text = 'Is the house still available?'): SendChatMessage => ({
  chatId: 'lead-1',
  leadId: 'lead-1',
  siteId: 's1',
  messageId,
  fromUserId: 'u-lead',
  toUserId: 'u-agent',
  text,
});
const { given } = deciderSpecification(sendChatMessageDecider);
const sent = (messageId: string, text?: string): ChatEvent => ({ type: 'ChatMessageSent', data: send(messageId, text) });

describe('SendChatMessage (given / when / then)', () => {
  it('given an empty chat, when a message is sent, then ChatMessageSent with the whole command', () => {
    given()
      .when(send('m1'))
      .then([
        {
          type: 'ChatMessageSent',
          data: {
            chatId: 'lead-1',
            leadId: 'lead-1',
            siteId: 's1',
            messageId: 'm1',
            fromUserId: 'u-lead',
            toUserId: 'u-agent',
            text: 'Is the house still available?',
          },
        },
      ]);
  });

  it('given m1 sent, when another message m2 is sent, then ChatMessageSent for m2', () => {
    given(sent('m1'))
      .when(send('m2', 'Tomorrow?'))
      .then([sent('m2', 'Tomorrow?')]);
  });

  it('given an empty chat, when the text has spaces and new lines around it, then the event holds it trimmed (inner new lines kept)', () => {
    given()
      .when(send('m1', '  \n Hello,\nsee you \t\n'))
      .then([sent('m1', 'Hello,\nsee you')]);
  });

  it('given m1 sent, when m1 is sent again (a retry), then nothing, even with another text', () => {
    given(sent('m1')).when(send('m1')).thenNothing();
    given(sent('m1'), sent('m2')).when(send('m1', 'changed my mind')).thenNothing();
  });

  it('given m1 sent, when m1 is retried with a now empty text, then nothing (the retry check comes before validation)', () => {
    given(sent('m1')).when(send('m1', '   ')).thenNothing();
  });

  it.each(['', '   ', '\n\t '])("given an empty chat, when the text is %j, then 'Please enter a message'", (text) => {
    given().when(send('m1', text)).thenRefused({ code: 'validation', message: 'Please enter a message' });
  });

  it(`given an empty chat, when the text has ${CHAT_MAX_LENGTH + 1} characters, then 'A message can have at most ${CHAT_MAX_LENGTH} characters'`, () => {
    expect(CHAT_MESSAGES.tooLong).toBe('A message can have at most 2000 characters');
    given()
      .when(send('m1', 'x'.repeat(CHAT_MAX_LENGTH + 1)))
      .thenRefused({
        code: 'validation',
        message: 'A message can have at most 2000 characters',
      });
  });

  it(`given an empty chat, when the text has exactly ${CHAT_MAX_LENGTH} characters (after trimming), then it is sent`, () => {
    const text = 'x'.repeat(CHAT_MAX_LENGTH);
    given()
      .when(send('m1', `  ${text}  `))
      .then([sent('m1', text)]);
  });
});
