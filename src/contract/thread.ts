/**
 * One conversation per lead (contract section 5b), shared by the server and the web app: the
 * items of a lead's thread, the channels an agent can answer on and why one is not available.
 * No Node or Nest imports: the web app imports this file too.
 */
import { z } from 'zod';
import { DELIVERY_STATES } from './text-delivery';

export const THREAD_CHANNELS = ['chat', 'text', 'mms', 'email', 'call'] as const;
export type ThreadChannel = (typeof THREAD_CHANNELS)[number];

/** The channels an agent writes on from the composer (`POST …/messages`); mms is a text with media. */
export const SEND_CHANNELS = ['chat', 'text', 'email'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];

export const CHANNEL_LABEL: Record<ThreadChannel, string> = { chat: 'Chat', text: 'Text', mms: 'MMS', email: 'E-mail', call: 'Call' };

export const ThreadMediaSchema = z.strictObject({ url: z.string(), contentType: z.string().nullable(), name: z.string().optional() });
export type ThreadMedia = Readonly<z.infer<typeof ThreadMediaSchema>>;

/**
 * One thing said to or by the lead. `authorId`: who wrote it (the lead's account for what came
 * in). `readAt` only where the channel has read receipts (chat). `subject` for e-mail,
 * `outcome` and `durationSeconds` for calls, `media` for MMS and e-mail attachments.
 */
export const ThreadItemSchema = z.strictObject({
  id: z.string(),
  channel: z.enum(THREAD_CHANNELS),
  direction: z.enum(['in', 'out']),
  body: z.string(),
  at: z.string(),
  authorId: z.string().nullable(),
  subject: z.string().optional(),
  outcome: z.string().optional(),
  durationSeconds: z.number().nullable().optional(),
  readAt: z.string().nullable().optional(),
  media: z.array(ThreadMediaSchema).readonly().optional(),
  /**
   * Outbound texts and MMS: how far the carrier got with it (contract section 13), and its error
   * code when it failed; CRM e-mails: what the relay reported (sent, delivered, bounced,
   * complained), and the SMTP code of a bounce, or not_sent when it was held back at sending.
   */
  deliveryState: z.enum([...DELIVERY_STATES, 'bounced', 'complained', 'not_sent']).optional(),
  errorCode: z.number().nullable().optional(),
  /** A CRM e-mail held back at sending (`not_sent`): why, in words. */
  deliveryNote: z.string().optional(),
  /** The name of the lead merged into this one that the item came from (issue 18); absent for the lead's own. */
  mergedFrom: z.string().optional(),
});
export type ThreadItem = Readonly<z.infer<typeof ThreadItemSchema>>;

/** What a video text (MMS) may carry: an https address, or one of our uploads. */
export const MEDIA_URL = /^(https:\/\/[^\s]{1,500}|\/uploads\/[a-f0-9]{32}\.[a-z0-9]{2,5})$/;

/** Items per page of `GET …/thread?before=` (newest last; `before` is the id of the oldest item shown). */
export const THREAD_PAGE = 50;

/** Whether the viewer can write on a channel now, and if not, why (the composer shows it). */
export const ChannelStateSchema = z.strictObject({ channel: z.enum(SEND_CHANNELS), available: z.boolean(), reason: z.string().nullable() });
export type ChannelState = Readonly<z.infer<typeof ChannelStateSchema>>;

/** The composer's words, exact: the 403s of `POST …/messages` say the same. */
export const THREAD_MESSAGES = {
  empty: 'Please enter a message',
  noTextConsent: 'This lead turned off text messages (replied STOP or changed their settings)',
  noCellPhone: 'This lead has no valid cell phone number for texts',
  noEmail: 'This lead has no e-mail address',
  chatAgentOnly: 'Only the lead and its agent (the office while the lead is in its pond) write in this chat',
  claimFirst: 'Claim this lead from the pond to write to it',
  notAgent: "Only the lead's agent writes to the lead",
  textTooLong: 'A text can have at most 1600 characters',
  subjectTooLong: 'A subject can have at most 200 characters',
} as const;

/**
 * The placeholder address of a lead who first wrote by text (no e-mail known): a reserved
 * `.invalid` domain that no mail server delivers to (RFC 2606).
 */
export const TEXT_LEAD_EMAIL_DOMAIN = 'text-lead.invalid';
export const isPlaceholderEmail = (email: string | null | undefined): boolean => !email || email.toLowerCase().endsWith(`@${TEXT_LEAD_EMAIL_DOMAIN}`);

/**
 * The account address of a person known only by their phone (in its stored form: ten digits, or
 * E.164): a first text from the number and a phone-only lead delivered by a portal or the API get
 * the same one, so they are one person, and a retry finds the account it made.
 */
export const textLeadEmail = (phone: string) => `text-${phone.replace(/^\+/, '')}@${TEXT_LEAD_EMAIL_DOMAIN}`;

/**
 * How an agent is told of a lead's reply by text, MMS or e-mail, besides the live conversation
 * and web push (always): by e-mail, by text, both or neither (`GET|PUT /api/dashboard/me/reply-notices`).
 */
export const REPLY_NOTICE_CHOICES = ['email', 'text', 'both', 'none'] as const;
export type ReplyNoticeChoice = (typeof REPLY_NOTICE_CHOICES)[number];
/** Until an agent chooses: e-mail, as speed to lead tells them of new leads. */
export const DEFAULT_REPLY_NOTICES: ReplyNoticeChoice = 'email';
export const REPLY_NOTICE_LABEL: Record<ReplyNoticeChoice, string> = {
  email: 'By e-mail',
  text: 'By text',
  both: 'By e-mail and text',
  none: 'Neither (the dashboard and web push only)',
};
/** Why texts cannot reach the agent (the settings say it beside the choice). */
export const REPLY_NOTICE_NO_TEXT = 'Texts need a cell phone number and texts allowed in My account';
