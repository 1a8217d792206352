import { AppError } from '../../shared/errors';

/** A file sent with an e-mail (a showing's .ics): text content, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
export type MailAttachment = { readonly filename: string; readonly contentType: string; readonly content: string };

/** An e-mail the product sends. Text is the source of truth; html is optional. */
export type MailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Where replies go (a CRM e-mail's per-thread address); the sender stays MAIL_FROM. */
  readonly replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly attachments?: readonly MailAttachment[];
  /**
   * A stable id of this message (its outbox row's), the same on every retry: sent as its
   * Message-ID, so that a relay or an inbox can drop the repeat a crash between the relay's
   * acceptance and our record of it would cause. Unset: the adapter makes one up.
   */
  readonly messageKey?: string;
  /** The agent who wrote it: it leaves from their own address through their connected mailbox, if any (AgentMailboxes). */
  readonly sentBy?: string;
  /** The lead it is for, when there is one: an e-mail held back (HeldAddresses) says so on the lead's timeline. */
  readonly lead?: MailLead;
  /**
   * Mail the person asked for this very moment (a password reset, a sign-in or erasure link, an
   * address confirmation): sent whatever became of earlier mail to the address, since asking
   * proves the mailbox is theirs and wanted now.
   */
  readonly requested?: true;
};

/**
 * The lead an e-mail is for: its timeline line, if the e-mail is held back, is recorded once per
 * `messageId` (the sender's own id for the message, the same on every try); `byUserId` names the
 * agent a CRM e-mail counts against; `withheld` is the sender's own reason not to send it (the
 * lead turned e-mail off), said only when the address itself is not the reason.
 */
export type MailLead = { readonly leadId: string; readonly messageId: string; readonly byUserId?: string; readonly withheld?: string };

/**
 * Thrown by the Mailer for an e-mail it refused to send (the address bounced for good or
 * complained): nothing reached the relay, and the lead's timeline already says why. A conflict
 * for a request that sent it (409 with the reason); an outbox leaves its row in its held state.
 */
export class MailHeldBack extends AppError {
  constructor(reason: string) {
    super('conflict', reason);
    this.name = 'MailHeldBack';
  }
}

/**
 * What became of earlier mail to an address, as the mail path asks before every e-mail (the
 * compliance context provides it): the reason this message must not go (recorded on its lead's
 * timeline), or null.
 */
export abstract class HeldAddresses {
  abstract reasonToHold(message: MailMessage): Promise<string | null>;
}

/** The Message-ID of a message with a stable key, in the domain of the sender's address (RFC 5322 msg-id). */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9.\-_]/g, '-')}@${domain}>`;
}

/**
 * The message key of an e-mail to a lead from an outbox that is not the lead's thread (a showing's
 * notice): `{outbox}.{row parts}.lead.{leadId}`, so that the relay's reports on it, which name only
 * the Message-ID, find the lead it was for.
 */
export const leadMailKey = (outbox: string, row: readonly (string | number)[], leadId: string): string => `${outbox}.${row.join('.')}.lead.${leadId}`;

const LEAD_IN_KEY = /\.lead\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The lead a row key made by leadMailKey names (the part after the outbox), or null. */
export function leadOfMailKey(key: string): string | null {
  return LEAD_IN_KEY.exec(key)?.[1] ?? null;
}

/** The Mailer port: SMTP (nodemailer) when SMTP_URL is set, else the development outbox table. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}

/**
 * The one path every e-mail takes (the Mailer the app provides): an address that bounced for good
 * or complained gets nothing, whichever sender wrote it, unless the person asked for it now
 * (`requested`); the refusal is a MailHeldBack.
 */
export class HoldingMailer extends Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly held: HeldAddresses | null,
  ) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    const reason = await this.reasonToHold(m);
    if (reason !== null) throw new MailHeldBack(reason);
    await this.inner.send(m);
  }

  /** Why this message must not go, or null: asked-for mail always goes; else the held addresses decide, or, without them (no compliance context), the sender's own reason. */
  private async reasonToHold(m: MailMessage): Promise<string | null> {
    if (m.requested) return null;
    if (this.held) return this.held.reasonToHold(m);
    return m.lead?.withheld ?? null;
  }
}
