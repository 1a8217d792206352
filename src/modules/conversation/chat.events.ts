/**
 * Chat between a lead and its agent, on the stream `chat-{leadId}` (one chat per lead; the chat's
 * id is the lead's). Text is plain text, never HTML, wherever it is shown.
 */
export type ChatMessageSent = {
  readonly type: 'ChatMessageSent';
  readonly data: {
    readonly chatId: string;
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    readonly fromUserId: string;
    readonly toUserId: string;
    readonly text: string;
  };
};

/** The reader has read every message sent to them up to and including `upToMessageId`. */
export type ChatMessagesRead = {
  readonly type: 'ChatMessagesRead';
  readonly data: { readonly chatId: string; readonly leadId: string; readonly readerId: string; readonly upToMessageId: string };
};

export type ChatEvent = ChatMessageSent | ChatMessagesRead;
export const chatEventTypes = ['ChatMessageSent', 'ChatMessagesRead'] as const satisfies readonly ChatEvent['type'][];
export const chatStream = (leadId: string) => `chat-${leadId}`;
export { CHAT_MAX_LENGTH } from '../../contract/chat';
