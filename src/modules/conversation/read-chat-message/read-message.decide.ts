import type { Decider } from '../../../commands/decider';
import { notFound } from '../../../shared/errors';
import { type Chat, evolveChat, initialChat } from '../chat/chat';
import type { ChatEvent, ChatMessagesRead } from '../chat.events';

export type ReadChatMessages = ChatMessagesRead['data'];

/** A read receipt only moves forwards: reading an older message again appends nothing. */
export function decideReadChatMessages(c: ReadChatMessages, state: Chat): ChatEvent[] {
  const seq = state.seqOf.get(c.upToMessageId);
  if (seq === undefined) throw notFound('No such message');
  if (seq <= (state.readUpTo.get(c.readerId) ?? -1)) return [];
  return [{ type: 'ChatMessagesRead', data: c }];
}

export const readChatMessagesDecider: Decider<Chat, ReadChatMessages, ChatEvent> = {
  initialState: initialChat,
  evolve: evolveChat,
  decide: decideReadChatMessages,
};
