import type { DnsRecord, LinkRelation, OnboardingStatus, PaymentMethod, QuitReason } from '../../contract/backoffice';
/**
 * What staff did to an account, on the account's own back-office stream `backoffice-<userId>`.
 * Every event names the account (`userId`) and carries the reason staff gave; who and when are
 * in the metadata. Actions between two accounts (merge, link) put one event on each stream.
 */
type About = { readonly userId: string; readonly reason: string };

// Accounts family (spec: "accounts (merge, link, note)").
export type AccountNoteAdded = { readonly type: 'AccountNoteAdded'; readonly data: About & { readonly noteId: string; readonly text: string } };
/**
 * A lead of the merged account and the survivor's lead it folds into (issue 18): the same site,
 * else the same office. `mergedName`: the duplicate's name then, for the "merged from" marker.
 */
export type LeadFoldPair = { readonly mergedLeadId: string; readonly survivorLeadId: string; readonly mergedName: string };
/**
 * On both streams: `mergedId` is folded into `survivorId`; the merged account's own history stays
 * as it was. `leads` (absent before issue 18: nothing folded) is what the dashboard's read models
 * fold, decided once when the merge was made so that every replay folds the same leads.
 */
export type AccountsMerged = {
  readonly type: 'AccountsMerged';
  readonly data: About & { readonly mergeId: string; readonly survivorId: string; readonly mergedId: string; readonly leads?: readonly LeadFoldPair[] };
};
export type AccountsUnmerged = {
  readonly type: 'AccountsUnmerged';
  readonly data: About & { readonly mergeId: string; readonly survivorId: string; readonly mergedId: string };
};
export type AccountsLinked = { readonly type: 'AccountsLinked'; readonly data: About & { readonly otherUserId: string; readonly relation: LinkRelation } };
export type AccountsUnlinked = { readonly type: 'AccountsUnlinked'; readonly data: About & { readonly otherUserId: string } };

// Churn family.
export type OffboardingStarted = { readonly type: 'OffboardingStarted'; readonly data: About };
export type QuitRequested = { readonly type: 'QuitRequested'; readonly data: About & { readonly quitReason: QuitReason } };
export type PlatformLocked = { readonly type: 'PlatformLocked'; readonly data: About };
export type PlatformUnlocked = { readonly type: 'PlatformUnlocked'; readonly data: About };
export type MarketingPaused = { readonly type: 'MarketingPaused'; readonly data: About & { readonly until: string | null } };
export type MarketingResumed = { readonly type: 'MarketingResumed'; readonly data: About };
export type DomainRestored = { readonly type: 'DomainRestored'; readonly data: About & { readonly domain: string } };

// Onboarding family.
export type SiteLaunched = { readonly type: 'SiteLaunched'; readonly data: About & { readonly siteId: string } };
export type OnboardingStatusSet = { readonly type: 'OnboardingStatusSet'; readonly data: About & { readonly status: OnboardingStatus } };
export type DnsRecordsSet = { readonly type: 'DnsRecordsSet'; readonly data: About & { readonly domain: string; readonly records: readonly DnsRecord[] } };
export type TermsRecorded = { readonly type: 'TermsRecorded'; readonly data: About & { readonly termsVersion: string; readonly acceptedOn: string } };
/** Appended once the Mailer took the message. */
export type WelcomeEmailSent = { readonly type: 'WelcomeEmailSent'; readonly data: About & { readonly to: string } };

// Invoice family. Amounts are in cents.
export type InvoiceIssued = {
  readonly type: 'InvoiceIssued';
  readonly data: About & {
    readonly invoiceId: string;
    readonly number: string;
    readonly amountCents: number;
    readonly description: string;
    readonly dueOn: string;
  };
};
export type InvoicePaymentRecorded = {
  readonly type: 'InvoicePaymentRecorded';
  readonly data: About & { readonly invoiceId: string; readonly amountCents: number; readonly method: PaymentMethod };
};
export type InvoiceVoided = { readonly type: 'InvoiceVoided'; readonly data: About & { readonly invoiceId: string } };
export type InvoiceDisputed = { readonly type: 'InvoiceDisputed'; readonly data: About & { readonly invoiceId: string } };
export type InvoiceCredited = { readonly type: 'InvoiceCredited'; readonly data: About & { readonly invoiceId: string; readonly amountCents: number } };
/** What was still owed is written off. */
export type InvoiceWrittenOff = { readonly type: 'InvoiceWrittenOff'; readonly data: About & { readonly invoiceId: string; readonly amountCents: number } };
export type InvoiceEmailed = { readonly type: 'InvoiceEmailed'; readonly data: About & { readonly invoiceId: string; readonly to: string } };
export type InvoiceNoteAdded = { readonly type: 'InvoiceNoteAdded'; readonly data: About & { readonly invoiceId: string; readonly text: string } };

/**
 * On the back-office stream of the staff member who did it: a message an outbox gave up, put back
 * for new tries from the Failed messages tab (the outbox's name, the message's row id, its lead).
 */
export type FailedMessageSentAgain = {
  readonly type: 'FailedMessageSentAgain';
  readonly data: { readonly userId: string; readonly outbox: string; readonly messageId: string; readonly leadId: string | null };
};

export { DNS_TYPES, LINK_RELATIONS, ONBOARDING_STATUSES, PAYMENT_METHODS, QUIT_REASONS } from '../../contract/backoffice';
export type { DnsRecord, LinkRelation, OnboardingStatus, PaymentMethod, QuitReason } from '../../contract/backoffice';

export type BackofficeEvent =
  | AccountNoteAdded
  | AccountsMerged
  | AccountsUnmerged
  | AccountsLinked
  | AccountsUnlinked
  | OffboardingStarted
  | QuitRequested
  | PlatformLocked
  | PlatformUnlocked
  | MarketingPaused
  | MarketingResumed
  | DomainRestored
  | SiteLaunched
  | OnboardingStatusSet
  | DnsRecordsSet
  | TermsRecorded
  | WelcomeEmailSent
  | InvoiceIssued
  | InvoicePaymentRecorded
  | InvoiceVoided
  | InvoiceDisputed
  | InvoiceCredited
  | InvoiceWrittenOff
  | InvoiceEmailed
  | InvoiceNoteAdded
  | FailedMessageSentAgain;

export const backofficeEventTypes = [
  'AccountNoteAdded',
  'AccountsMerged',
  'AccountsUnmerged',
  'AccountsLinked',
  'AccountsUnlinked',
  'OffboardingStarted',
  'QuitRequested',
  'PlatformLocked',
  'PlatformUnlocked',
  'MarketingPaused',
  'MarketingResumed',
  'DomainRestored',
  'SiteLaunched',
  'OnboardingStatusSet',
  'DnsRecordsSet',
  'TermsRecorded',
  'WelcomeEmailSent',
  'InvoiceIssued',
  'InvoicePaymentRecorded',
  'InvoiceVoided',
  'InvoiceDisputed',
  'InvoiceCredited',
  'InvoiceWrittenOff',
  'InvoiceEmailed',
  'InvoiceNoteAdded',
  'FailedMessageSentAgain',
] as const satisfies readonly BackofficeEvent['type'][];
