import { assertNever } from '../../../shared/errors';
import type { ChatEvent } from '../chat.events';

/** What deciding on a chat needs: which messages exist (in order) and how far each reader has read. */
export type Chat = { readonly seqOf: ReadonlyMap<string, number>; readonly readUpTo: ReadonlyMap<string, number> };

export const initialChat = (): Chat => ({ seqOf: new Map(), readUpTo: new Map() });

export function evolveChat(state: Chat, e: ChatEvent): Chat {
  switch (e.type) {
    case 'ChatMessageSent':
      return { ...state, seqOf: new Map(state.seqOf).set(e.data.messageId, state.seqOf.size) };
    case 'ChatMessagesRead':
      return { ...state, readUpTo: new Map(state.readUpTo).set(e.data.readerId, state.seqOf.get(e.data.upToMessageId) ?? -1) };
    default:
      return assertNever(e);
  }
}
