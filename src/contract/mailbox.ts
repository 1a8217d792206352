import { z } from 'zod';

/** The agent's own mailbox (Settings › Connect your mailbox): shared by the server and the browser. */
export const MAILBOX_PROVIDERS = ['gmail', 'microsoft', 'imap'] as const;
export type MailboxProviderChoice = (typeof MAILBOX_PROVIDERS)[number];

export const MAILBOX_PROVIDER_LABEL: Record<MailboxProviderChoice, string> = { gmail: 'Gmail', microsoft: 'Microsoft 365', imap: 'Other IMAP' };

/** A server as the agent types it and the status shows it. */
export const MailServerSchema = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1, 'Please enter the server name')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:]+\]?$/, 'A server name is a host name like imap.example.com'),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
});
export type MailServerSettings = Readonly<z.infer<typeof MailServerSchema>>;

/** The providers whose consent (OAuth) can connect a mailbox, when the server has their client. */
export const OAUTH_PROVIDERS = ['gmail', 'microsoft'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** What the agent types to connect (or test) a mailbox; Gmail's and Microsoft's servers need not be typed. */
export const MailboxBody = z.strictObject({
  provider: z.enum(MAILBOX_PROVIDERS),
  address: z.string().trim().max(254).email('Please enter your e-mail address'),
  username: z.string().trim().max(254).optional(),
  password: z.string().min(1, 'Please enter the (app) password').max(1000),
  imap: MailServerSchema.optional(),
  smtp: MailServerSchema.optional(),
});
export type MailboxInput = z.infer<typeof MailboxBody>;

/** The servers of the providers that need none typed (their published IMAP and SMTP endpoints). */
export const MAILBOX_PRESETS: Record<
  Exclude<MailboxProviderChoice, 'imap'>,
  { readonly imap: MailServerSettings; readonly smtp: MailServerSettings; readonly help: string }
> = {
  gmail: {
    imap: { host: 'imap.gmail.com', port: 993, secure: true },
    smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
    help: 'Use an app password (Google Account › Security › App passwords), not your Google password.',
  },
  microsoft: {
    imap: { host: 'outlook.office365.com', port: 993, secure: true },
    smtp: { host: 'smtp.office365.com', port: 587, secure: false },
    help: 'Use an app password, or the password of a mailbox your administrator allowed IMAP and SMTP for.',
  },
};

const Disconnected = z.strictObject({ connected: z.literal(false) });
const Connected = z.strictObject({
  connected: z.literal(true),
  provider: z.enum(MAILBOX_PROVIDERS),
  /** password: an (app) password; oauth2: the provider's consent (Connect with Google / Microsoft). */
  auth: z.enum(['password', 'oauth2']),
  address: z.string(),
  username: z.string(),
  imap: MailServerSchema,
  smtp: MailServerSchema,
  /** syncing: polled; retrying: the last sync failed and is tried again at `nextAttemptAt`; stopped: it needs the agent (a refused password). */
  state: z.enum(['syncing', 'retrying', 'stopped']),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** Messages that joined a lead's thread since the mailbox was connected. */
  messages: z.number(),
});
/** What the Settings view shows of a connected mailbox; never its password. */
export const MailboxStatusSchema = z.discriminatedUnion('connected', [Disconnected, Connected]);
export type MailboxStatus = z.infer<typeof MailboxStatusSchema>;

/** A sync asked for: the status after it, how many messages it copied, and (`message`) that another sync was running. */
const synced = { copied: z.number(), message: z.string().optional() };
export const MailboxSyncSchema = z.discriminatedUnion('connected', [Disconnected.extend(synced), Connected.extend(synced)]);
