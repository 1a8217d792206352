import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import { type Chat, evolveChat, initialChat } from '../chat/chat';
import { CHAT_MAX_LENGTH, type ChatEvent, type ChatMessageSent } from '../chat.events';

export type SendChatMessage = ChatMessageSent['data'];

import { CHAT_MESSAGES } from '../../../contract/chat';

export { CHAT_MESSAGES };

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
