import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import { type Chat, evolveChat, initialChat } from '../chat/chat';
import { CHAT_MAX_LENGTH, type ChatEvent, type ChatMessageSent } from '../chat.events';

export type SendChatMessage = ChatMessageSent['data'];

export const CHAT_MESSAGES = {
  empty: 'Please enter a message',
  tooLong: `A message can have at most ${CHAT_MAX_LENGTH} characters`,
} as const;

/** A message once: sending the same messageId again (a retry) appends nothing. */
export function decideSendChatMessage(c: SendChatMessage, state: Chat): ChatEvent[] {
  if (state.seqOf.has(c.messageId)) return [];
  const text = c.text.trim();
  if (!text) throw validation(CHAT_MESSAGES.empty);
  if (text.length > CHAT_MAX_LENGTH) throw validation(CHAT_MESSAGES.tooLong);
  return [{ type: 'ChatMessageSent', data: { ...c, text } }];
}

export const sendChatMessageDecider: Decider<Chat, SendChatMessage, ChatEvent> = {
  initialState: initialChat,
  evolve: evolveChat,
  decide: decideSendChatMessage,
};
