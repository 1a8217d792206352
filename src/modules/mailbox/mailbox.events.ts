/**
 * An agent's own mailbox connected to the CRM (issue 30): mail exchanged with a lead from any
 * client joins the lead's thread, and the CRM's e-mails go out from the agent's own address.
 * Stream `mailbox-{userId}`. The password (an app password) is sealed (mailbox-secrets.ts):
 * never in clear in the log, never logged, never answered.
 */
export type SealedMailboxSecret = { readonly v: 1; readonly iv: string; readonly tag: string; readonly data: string };

export type MailboxProvider = 'gmail' | 'microsoft' | 'imap';

export type MailServer = { readonly host: string; readonly port: number; readonly secure: boolean };

export type MailboxConnected = {
  readonly type: 'MailboxConnected';
  readonly data: {
    readonly userId: string;
    readonly provider: MailboxProvider;
    /** The agent's address: what mail from them is sent as, and what their own messages are known by. */
    readonly address: string;
    readonly username: string;
    readonly imap: MailServer;
    readonly smtp: MailServer;
    /** The sealed app password, or with `auth: 'oauth2'` the sealed refresh token. */
    readonly secret: SealedMailboxSecret;
    /** Signed in with OAuth (SASL XOAUTH2, Gmail and Microsoft 365); absent: with the password. */
    readonly auth?: 'oauth2';
  };
};

/** The provider gave a new refresh token when the access token was renewed (Microsoft rotates them). */
export type MailboxTokenRenewed = { readonly type: 'MailboxTokenRenewed'; readonly data: { readonly userId: string; readonly secret: SealedMailboxSecret } };

export type MailboxDisconnected = { readonly type: 'MailboxDisconnected'; readonly data: { readonly userId: string } };

export type MailboxEvent = MailboxConnected | MailboxDisconnected | MailboxTokenRenewed;
export const mailboxEventTypes = ['MailboxConnected', 'MailboxDisconnected', 'MailboxTokenRenewed'] as const satisfies readonly MailboxEvent['type'][];
export const mailboxStream = (userId: string) => `mailbox-${userId}`;
