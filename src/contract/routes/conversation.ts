import { z } from 'zod';
import { CALL_DURATION_MAX_SECONDS, CALL_NOTES_MAX, CALL_OUTCOMES, type CallOutcomeName } from '../calls';
import { oneOf } from '../fields';
import { FailedMessageSchema } from '../outboxes';
import { routes } from '../route';
import { ChannelStateSchema, MEDIA_URL, REPLY_NOTICE_CHOICES, SEND_CHANNELS, THREAD_MESSAGES, ThreadItemSchema } from '../thread';

const TAG = 'One conversation';
const AGENTS = 'agents, brokers, staff (their scope)';
const mediaUrl = z.string().regex(MEDIA_URL, { error: 'mediaUrl must be an https address or an upload' });

const LeadParams = z.strictObject({ leadId: z.string() });
const Unread = z.strictObject({ total: z.number(), byLead: z.record(z.string(), z.number()) });
const ReplyNotices = z.strictObject({ notifyBy: z.enum(REPLY_NOTICE_CHOICES), chosen: z.boolean(), textReason: z.string().nullable() });
const TEXT_SKIPS = ['not-found', 'no-consent', 'no-cell-phone', 'failed'] as const;

/** A lead's one thread (contract section 5b): reading, answering on a channel, calls, texts, the reply notices and the SMS provider's webhook. */
export const conversationRoutes = routes('conversation', {
  thread: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/thread',
    summary: "A lead's conversation on every channel, newest last (before: the oldest item's id shown)",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    query: z.strictObject({ before: z.uuid({ error: 'before must be the id of an item of the thread' }).optional() }),
    responses: { 200: z.strictObject({ items: z.array(ThreadItemSchema).readonly(), hasMore: z.boolean() }) },
  },
  channels: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/thread/channels',
    summary: 'The channels the viewer can answer on now (and why not), and the last one used',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    responses: { 200: z.strictObject({ lastChannel: z.enum(SEND_CHANNELS).nullable(), channels: z.array(ChannelStateSchema).readonly() }) },
  },
  failed: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/thread/failed',
    summary: "The lead's messages that could not be delivered (an e-mail, a listing mail, a reply notice, a plan step, an alert), with the reason",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    responses: { 200: z.strictObject({ failed: z.array(FailedMessageSchema).readonly() }) },
  },
  unread: {
    method: 'GET',
    path: 'api/dashboard/thread/unread',
    summary: "Inbound items the viewer has not read, per lead and in all (the viewer's own leads)",
    tag: TAG,
    access: 'agents, brokers, staff',
    responses: { 200: Unread },
  },
  read: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/thread/read',
    summary: "Mark the lead's thread read up to an item (default: the newest)",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({ upToId: z.uuid({ error: 'upToId must be the id of an item of the thread' }).optional() }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), upToId: z.string().nullable() }) },
  },
  send: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/messages',
    summary:
      "Send the lead a message on a channel (chat, text, mms with mediaUrl, email); a text in the lead's quiet hours answers 409 {message, quietHours: true, localTime} unless confirmQuietHours",
    tag: TAG,
    access: 'agents, brokers, staff (their scope); chat: the lead’s agent',
    params: LeadParams,
    body: z.strictObject({
      channel: z.enum(['chat', 'text', 'mms', 'email'], { error: 'channel must be chat, text, mms or email' }),
      body: z.string({ error: 'body is required' }).max(20_000, { error: 'A message can have at most 20000 characters' }),
      subject: z.string().max(200, { error: THREAD_MESSAGES.subjectTooLong }).optional(),
      templateId: z.uuid({ error: 'templateId is not an id' }).nullable().optional(),
      mediaUrl: mediaUrl.optional(),
      /** A text in the lead's quiet hours (before 08:00 or from 21:00 their time) goes only with this; else 409 {message, quietHours, localTime}. */
      confirmQuietHours: z.boolean().optional(),
    }),
    responses: { 201: z.strictObject({ id: z.string(), channel: z.enum(['chat', 'text', 'mms', 'email']) }) },
  },
  replyNotices: {
    method: 'GET',
    path: 'api/dashboard/me/reply-notices',
    summary: 'How the viewer hears of lead replies (e-mail, text, both, none; web push always)',
    tag: TAG,
    access: 'agents, brokers, staff',
    responses: { 200: ReplyNotices },
  },
  setReplyNotices: {
    method: 'PUT',
    path: 'api/dashboard/me/reply-notices',
    summary: 'Choose how the viewer hears of lead replies',
    tag: TAG,
    access: 'agents, brokers, staff',
    body: z.strictObject({ notifyBy: z.enum(REPLY_NOTICE_CHOICES) }),
    responses: { 200: ReplyNotices },
  },
  logCall: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/calls',
    summary: 'Log a call made to a lead (counts as first contact)',
    tag: 'Working a lead',
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({
      outcome: oneOf<CallOutcomeName>(CALL_OUTCOMES, 'outcome must be connected, left-voicemail, no-answer or wrong-number'),
      durationSeconds: z.number().int().min(0).max(CALL_DURATION_MAX_SECONDS).nullable().optional(),
      notes: z.string().trim().max(CALL_NOTES_MAX).optional(),
      /** The form's own id for this call: sending it again (a retry) logs it once. */
      callId: z.uuid().optional(),
    }),
    responses: { 201: z.strictObject({ callId: z.string() }) },
  },
  sendTexts: {
    method: 'POST',
    path: 'api/dashboard/messages/send',
    summary: "A text or video (MMS) message to the selected leads, within the office's MMS bulk cap; each lead without consent or a cell phone is skipped",
    tag: TAG,
    access: 'agents, brokers, staff (their scope)',
    body: z
      .strictObject({
        leadIds: z
          .array(z.uuid({ error: 'leadIds must be lead ids' }))
          .min(1, { error: 'Please select at least one lead' })
          .max(1000),
        kind: z.enum(['text', 'video'], { error: 'kind must be text or video' }),
        body: z.string().max(1600, { error: 'A text can have at most 1600 characters' }),
        mediaUrl: mediaUrl.nullable().optional(),
      })
      .refine((b) => b.kind !== 'video' || !!b.mediaUrl, { error: 'A video message needs its video (mediaUrl)' }),
    responses: {
      200: z.strictObject({
        isSuccess: z.literal(true),
        sent: z.number(),
        skipped: z.array(z.strictObject({ leadId: z.string(), reason: z.enum(TEXT_SKIPS) })),
      }),
    },
  },
  inboundText: {
    method: 'POST',
    path: 'api/messaging/sms/inbound',
    summary: "The SMS provider's webhook: a lead's text or MMS joins their thread; STOP, START and HELP act",
    tag: TAG,
    access: 'anyone',
    consumes: 'application/x-www-form-urlencoded',
    produces: 'text/xml',
    // The provider's form, read (at most 64 KB) and checked against its signature before any field is used.
    body: z.object({ From: z.string(), To: z.string(), Body: z.string().optional(), MessageSid: z.string().optional(), NumMedia: z.string().optional() }),
    responses: { 200: z.string() },
  },
  smsStatus: {
    method: 'POST',
    path: 'api/messaging/sms/status',
    summary:
      "The SMS provider's status callback: an outbound text's delivery state (queued, sent, delivered, undelivered, failed, with the error code); 403 unless signed",
    tag: TAG,
    access: 'anyone',
    consumes: 'application/x-www-form-urlencoded',
    // The provider's form, read (at most 64 KB) and checked against its signature before any field is used.
    body: z.object({ MessageSid: z.string(), MessageStatus: z.string(), ErrorCode: z.string().optional() }),
    responses: { 204: z.undefined() },
  },
});
