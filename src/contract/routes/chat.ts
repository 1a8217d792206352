import { z } from 'zod';
import { CHAT_MAX_LENGTH, CHAT_MESSAGES, ChatSchema } from '../chat';
import { Done } from '../fields';
import { routes } from '../route';

const TAG = 'Chat';
const ACCESS = "the lead (their own chat), the lead's agent; brokers and staff read";
const leadId = z
  .string()
  .regex(/^[0-9a-f-]{36}$/i, { error: 'leadId is not an id' })
  .optional();

/** Chat between a lead and its agent (spec section 7 "Chat"): a lead needs no leadId (their lead on this site), an agent names it. */
export const chatRoutes = routes('chat', {
  get: {
    method: 'POST',
    path: 'api/dashboard/chat/getchat',
    summary: 'The chat of a lead: who is in it, whether the caller may write, its messages',
    tag: TAG,
    access: ACCESS,
    body: z.strictObject({ leadId }),
    responses: { 200: ChatSchema },
  },
  send: {
    method: 'POST',
    path: 'api/dashboard/chat/sendmessage',
    summary: 'Write in the chat (messageId makes a retry the same message)',
    tag: TAG,
    access: "the lead, the lead's agent",
    body: z.strictObject({
      leadId,
      text: z.string().max(CHAT_MAX_LENGTH * 2, { error: CHAT_MESSAGES.tooLong }),
      messageId: z.uuid({ error: 'messageId is not an id' }).optional(),
    }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), chatId: z.string(), messageId: z.string(), at: z.string().nullable() }) },
  },
  read: {
    method: 'POST',
    path: 'api/dashboard/chat/readmessage',
    summary: 'The caller read the chat up to a message (the other side sees the receipt)',
    tag: TAG,
    access: ACCESS,
    body: z.strictObject({ leadId, messageId: z.uuid({ error: 'messageId is not an id' }) }),
    responses: { 200: Done },
  },
  unread: {
    method: 'GET',
    path: 'api/dashboard/chat/unread',
    summary: 'Unread chat messages sent to the caller, in all and per lead',
    tag: TAG,
    access: 'signed in',
    responses: { 200: z.strictObject({ total: z.number(), byLead: z.record(z.string(), z.number()) }) },
  },
});
