import { createHash } from 'node:crypto';
import type { DeliveryState } from '../../contract/text-delivery';

/**
 * A lead's message that may have asked not to be contacted but did not say it clearly ("stop by
 * at 5?", "stop the alerts but call me"): not a revocation; the agent is asked to confirm. On the
 * lead's compliance stream (`compliance-{leadId}`). The words stay in the message itself
 * (`messageId`), not here.
 */
export type ConsentWordingUnclear = {
  readonly type: 'ConsentWordingUnclear';
  readonly data: {
    readonly userId: string;
    readonly leadId: string;
    readonly messageId: string;
    readonly channel: 'text' | 'email';
    readonly rulesVersion: string;
  };
};

/** The agent read the lead's unclear message as a revocation: the channel's consent went off with it (the ledger's ConsentChanged). */
export type ConsentRevocationConfirmed = {
  readonly type: 'ConsentRevocationConfirmed';
  readonly data: {
    readonly userId: string;
    readonly leadId: string;
    readonly messageId: string;
    readonly channel: 'text' | 'email';
    readonly byUserId: string;
  };
};

/**
 * An automated text (a plan's step) that would have reached the lead in their quiet hours, or
 * over the office's daily number: it waits in the outbox until `until`. `localUntil` is that
 * time on the lead's own clock ("Tue 08:00"), as the timeline says it. On `compliance-{leadId}`.
 */
export type AutomatedTextHeld = {
  readonly type: 'AutomatedTextHeld';
  readonly data: {
    readonly leadId: string;
    readonly messageId: string;
    readonly reason: 'quiet-hours' | 'daily-limit';
    readonly until: string;
    readonly localUntil: string;
    readonly zone: string;
  };
};

/** An automated text not sent because a text to the lead's number came back undeliverable for good (`errorCode`: the carrier's). On `compliance-{leadId}`. */
export type AutomatedTextSkipped = {
  readonly type: 'AutomatedTextSkipped';
  readonly data: { readonly leadId: string; readonly messageId: string; readonly reason: 'unreachable'; readonly errorCode: number };
};

/**
 * An e-mail to the lead not sent because their address bounced for good or complained, or the
 * lead turned e-mail off since it was written; `reason` in words, as the timeline says it. For an
 * e-mail of the lead's thread (a CRM e-mail) `byUserId` names who wrote it (or whose plan did) and
 * `messageId` is the thread's message; absent for other mail (alerts, digests), whose `messageId`
 * is its sender's own. On `compliance-{leadId}`.
 */
export type AutomatedEmailSkipped = {
  readonly type: 'AutomatedEmailSkipped';
  readonly data: { readonly leadId: string; readonly messageId: string; readonly reason: string; readonly byUserId?: string };
};

/**
 * A showing's reminder text that waited in the outbox and will never go: the showing moved or was
 * cancelled (taken back), or it had begun before the lead's window opened (dropped). `showingAt`
 * is the start it reminded of, `zone` the clock the timeline names it on. At most one per text
 * (its event id is the text's). On `compliance-{leadId}`.
 */
export type AutomatedTextWithdrawn = {
  readonly type: 'AutomatedTextWithdrawn';
  readonly data: {
    readonly leadId: string;
    readonly messageId: string;
    readonly reason: 'moved' | 'cancelled' | 'begun';
    readonly showingAt: string;
    readonly zone: string;
  };
};

export type ComplianceEvent =
  ConsentWordingUnclear | ConsentRevocationConfirmed | AutomatedTextHeld | AutomatedTextSkipped | AutomatedEmailSkipped | AutomatedTextWithdrawn;
export const complianceEventTypes = [
  'ConsentWordingUnclear',
  'ConsentRevocationConfirmed',
  'AutomatedTextHeld',
  'AutomatedTextSkipped',
  'AutomatedEmailSkipped',
  'AutomatedTextWithdrawn',
] as const satisfies readonly ComplianceEvent['type'][];

/**
 * The office's rules for automated texts: the hours of its leads' day they may arrive in (within
 * 08:00 to 21:00, never wider) and how many a lead gets a day. Stream `textrules-{officeId}`.
 */
export type OfficeTextRulesSet = {
  readonly type: 'OfficeTextRulesSet';
  readonly data: { readonly officeId: string; readonly startHour: number; readonly endHour: number; readonly perDay: number; readonly byUserId: string };
};
export const textRulesStream = (officeId: string) => `textrules-${officeId}`;

export const complianceStream = (leadId: string) => `compliance-${leadId}`;

/**
 * The carrier's word on an outbound text, from the provider's signed status callback: its new
 * state and, when it failed, the provider's error code. On the stream `textdelivery-{providerId}`
 * (the callback names only the provider's id; the thread joins it to the text). No personal data:
 * the number it went to is not kept here.
 */
export type TextDeliveryReported = {
  readonly type: 'TextDeliveryReported';
  readonly data: { readonly providerId: string; readonly state: DeliveryState; readonly errorCode: number | null };
};
export const textDeliveryEventTypes = ['TextDeliveryReported'] as const satisfies readonly TextDeliveryReported['type'][];
export const textDeliveryStream = (providerId: string) => `textdelivery-${providerId}`;

/**
 * The e-mail a relay report is about, from the Message-ID we gave it (`<outbox>.<row key>@domain`):
 * which outbox and which of its rows; for a CRM e-mail also which lead, which message of its
 * thread and who sent it (null when the outbox is another's or the row is gone).
 */
export type ReportedEmail = {
  readonly outbox: string;
  readonly key: string;
  readonly leadId: string | null;
  readonly messageId: string | null;
  readonly byUserId: string | null;
};

/**
 * Mailgun's word on an e-mail we sent: delivered, a hard bounce, a complaint (marked as spam),
 * or a temporary failure (recorded only). On `emailaddr-{hash}`, keyed by the address's hash so
 * no address is kept in the stream's name or its events (the address's bounces and complaints
 * stop mail to it); `reason` is our own words for the code; `message` the e-mail it is about
 * (absent on reports recorded before they were joined, null when the Message-ID is not ours).
 */
export type EmailDeliveryReported = {
  readonly type: 'EmailDeliveryReported';
  readonly data: {
    readonly addressHash: string;
    readonly outcome: 'delivered' | 'bounced' | 'complained' | 'temporary';
    readonly code: number | null;
    readonly reason: string;
    readonly at: string;
    readonly message?: ReportedEmail | null;
  };
};

export const emailAddressHash = (address: string): string => createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');
