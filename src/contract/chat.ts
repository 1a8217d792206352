import { z } from 'zod';

export const CHAT_MAX_LENGTH = 2000;
export const CHAT_MESSAGES = {
  empty: 'Please enter a message',
  tooLong: `A message can have at most ${CHAT_MAX_LENGTH} characters`,
} as const;

/** One message of the chat between a lead and its agent (spec section 7 "Chat"), oldest first. */
export const ChatMessageSchema = z.strictObject({
  messageId: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  text: z.string(),
  at: z.string(),
  readAt: z.string().nullable(),
});
export type ChatMessage = Readonly<z.infer<typeof ChatMessageSchema>>;

const Person = z.strictObject({ userId: z.string(), fullName: z.string() });

/** A lead's chat as its lead or its agent sees it: who is in it, whether the caller may write, the messages. */
export const ChatSchema = z.strictObject({
  chatId: z.string(),
  leadId: z.string(),
  me: z.string(),
  lead: Person,
  agent: Person.nullable(),
  canSend: z.boolean(),
  messages: z.array(ChatMessageSchema).readonly(),
  unread: z.number(),
});
export type Chat = z.infer<typeof ChatSchema>;
