/**
 * What the back-office pages share with the server: the vocabulary of staff actions, the shapes
 * of an account's admin record, history lines, member rows and rebuild progress.
 */

import { z } from 'zod';

export type LinkRelation = 'same-person' | 'team' | 'household' | 'referral';
export const LINK_RELATIONS: readonly LinkRelation[] = ['same-person', 'team', 'household', 'referral'];
export type QuitReason = 'price' | 'results' | 'switching-provider' | 'leaving-industry' | 'service' | 'other';
export const QUIT_REASONS: readonly QuitReason[] = ['price', 'results', 'switching-provider', 'leaving-industry', 'service', 'other'];
export type OnboardingStatus = 'new' | 'in-progress' | 'waiting-on-client' | 'launched' | 'on-hold';
export const ONBOARDING_STATUSES: readonly OnboardingStatus[] = ['new', 'in-progress', 'waiting-on-client', 'launched', 'on-hold'];
export type DnsRecord = { readonly type: 'A' | 'AAAA' | 'CNAME' | 'TXT' | 'MX'; readonly name: string; readonly value: string };
export const DNS_TYPES: readonly DnsRecord['type'][] = ['A', 'AAAA', 'CNAME', 'TXT', 'MX'];
export type PaymentMethod = 'card' | 'ach' | 'check' | 'wire' | 'other';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'ach', 'check', 'wire', 'other'];


export type InvoiceStatus = 'open' | 'paid' | 'void' | 'disputed' | 'written-off';

export type Invoice = {
  readonly invoiceId: string;
  readonly number: string;
  readonly description: string;
  readonly dueOn: string;
  readonly amountCents: number;
  readonly paidCents: number;
  readonly creditedCents: number;
  readonly writtenOffCents: number;
  readonly status: InvoiceStatus;
  readonly notes: readonly string[];
  readonly emailedTo: readonly string[];
};

/** What staff have recorded about an account: the fold of its back-office stream. */
export type AccountAdmin = {
  readonly notes: readonly { readonly noteId: string; readonly text: string; readonly reason: string }[];
  /** Set on a merged account: the survivor it was folded into. */
  readonly mergedInto: { readonly userId: string; readonly mergeId: string } | null;
  /** On a survivor: the accounts folded into it. */
  readonly absorbed: readonly { readonly userId: string; readonly mergeId: string }[];
  readonly links: readonly { readonly userId: string; readonly relation: LinkRelation }[];
  readonly churn: {
    readonly offboarding: boolean;
    readonly quitReason: QuitReason | null;
    readonly platformLocked: boolean;
    readonly marketingPaused: boolean;
    readonly marketingPausedUntil: string | null;
    readonly restoredDomains: readonly string[];
  };
  readonly onboarding: {
    readonly status: OnboardingStatus;
    readonly launchedSites: readonly string[];
    readonly dns: { readonly domain: string; readonly records: readonly DnsRecord[] } | null;
    readonly terms: { readonly termsVersion: string; readonly acceptedOn: string } | null;
    readonly welcomeEmails: number;
  };
  readonly invoices: readonly Invoice[];
};


/** One line of an account's history, as the back-office shows and exports it. */
export type HistoryEntry = {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamPosition: string;
  readonly position: string;
  readonly type: string;
  readonly at: string;
  readonly actorId: string | null;
  readonly impersonatorId: string | null;
  readonly siteId: string | null;
  readonly correlationId: string;
  readonly data: unknown;
};


/** A row of the member search, as the API answers it (the web app imports this type too). */
export type Member = {
  readonly userId: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly securityLevel: number;
  readonly siteId: string | null;
  readonly siteSubdomain: string | null;
  readonly siteName: string | null;
  readonly status: 'active' | 'merged' | 'offboarding' | 'locked';
  readonly mergedInto: string | null;
  readonly loginCount: number;
  readonly lastLoginAt: string | null;
  readonly createdAt: string;
};

export type MemberCriteria = {
  /** Words matched anywhere in name, e-mail, phone (digits) and merged accounts' names and e-mails. */
  readonly q?: string;
  readonly email?: string;
  readonly name?: string;
  readonly phone?: string;
  /** Subdomain, name or custom domain of the site the member belongs to or owns. */
  readonly site?: string;
  readonly level?: number;
  readonly status?: Member['status'];
  readonly page: number;
  readonly perpage: number;
};

/** A projection rebuild's progress, pushed to staff as it runs. */
export const RebuildProgressSchema = z.strictObject({
  name: z.string(),
  applied: z.number(),
  total: z.number(),
  eventsPerSecond: z.number(),
  secondsLeft: z.number().nullable(),
  phase: z.enum(['replaying', 'swapping', 'done', 'cancelled', 'failed']),
});
export type RebuildProgress = Readonly<z.infer<typeof RebuildProgressSchema>>;
/** The last progress of a rebuild this instance ran, with who started it and when. */
export const RebuildViewSchema = RebuildProgressSchema.extend({ startedBy: z.string().nullable(), startedAt: z.string().nullable() });
export type RebuildView = Readonly<z.infer<typeof RebuildViewSchema>>;
