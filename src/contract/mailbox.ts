/** The agent's own mailbox (Settings › Connect your mailbox): shared by the server and the browser. */
export const MAILBOX_PROVIDERS = ['gmail', 'microsoft', 'imap'] as const;
export type MailboxProviderChoice = (typeof MAILBOX_PROVIDERS)[number];

export const MAILBOX_PROVIDER_LABEL: Record<MailboxProviderChoice, string> = { gmail: 'Gmail', microsoft: 'Microsoft 365', imap: 'Other IMAP' };

export type MailServerSettings = { readonly host: string; readonly port: number; readonly secure: boolean };

/** The servers of the providers that need none typed (their published IMAP and SMTP endpoints). */
export const MAILBOX_PRESETS: Record<Exclude<MailboxProviderChoice, 'imap'>, { readonly imap: MailServerSettings; readonly smtp: MailServerSettings; readonly help: string }> = {
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

/** What the Settings view shows of a connected mailbox; never its password. */
export type MailboxStatus =
  | { readonly connected: false }
  | {
      readonly connected: true;
      readonly provider: MailboxProviderChoice;
      /** password: an (app) password; oauth2: the provider's consent (Connect with Google / Microsoft). */
      readonly auth: 'password' | 'oauth2';
      readonly address: string;
      readonly username: string;
      readonly imap: MailServerSettings;
      readonly smtp: MailServerSettings;
      /** syncing: polled; retrying: the last sync failed and is tried again at `nextAttemptAt`; stopped: it needs the agent (a refused password). */
      readonly state: 'syncing' | 'retrying' | 'stopped';
      readonly lastSyncAt: string | null;
      readonly lastError: string | null;
      readonly nextAttemptAt: string | null;
      /** Messages that joined a lead's thread since the mailbox was connected. */
      readonly messages: number;
    };
