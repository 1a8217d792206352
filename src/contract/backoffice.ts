/**
 * What the back-office pages share with the server: the vocabulary of staff actions, the shapes
 * of an account's admin record, history lines, member rows and rebuild progress.
 */

import { z } from 'zod';

export type LinkRelation = 'same-person' | 'team' | 'household' | 'referral';
export const LINK_RELATIONS = ['same-person', 'team', 'household', 'referral'] as const satisfies readonly LinkRelation[];
export type QuitReason = 'price' | 'results' | 'switching-provider' | 'leaving-industry' | 'service' | 'other';
export const QUIT_REASONS = ['price', 'results', 'switching-provider', 'leaving-industry', 'service', 'other'] as const satisfies readonly QuitReason[];
export type OnboardingStatus = 'new' | 'in-progress' | 'waiting-on-client' | 'launched' | 'on-hold';
export const ONBOARDING_STATUSES = ['new', 'in-progress', 'waiting-on-client', 'launched', 'on-hold'] as const satisfies readonly OnboardingStatus[];
export type DnsRecord = { readonly type: 'A' | 'AAAA' | 'CNAME' | 'TXT' | 'MX'; readonly name: string; readonly value: string };
export const DNS_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX'] as const satisfies readonly DnsRecord['type'][];
export type PaymentMethod = 'card' | 'ach' | 'check' | 'wire' | 'other';
export const PAYMENT_METHODS = ['card', 'ach', 'check', 'wire', 'other'] as const satisfies readonly PaymentMethod[];

/** The longest reason a back-office action keeps (checked, trimmed, when it is decided). */
export const REASON_MAX = 500;

export const INVOICE_STATUSES = ['open', 'paid', 'void', 'disputed', 'written-off'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const InvoiceSchema = z.strictObject({
  invoiceId: z.string(),
  number: z.string(),
  description: z.string(),
  dueOn: z.string(),
  amountCents: z.number(),
  paidCents: z.number(),
  creditedCents: z.number(),
  writtenOffCents: z.number(),
  status: z.enum(INVOICE_STATUSES),
  notes: z.array(z.string()).readonly(),
  emailedTo: z.array(z.string()).readonly(),
});
export type Invoice = Readonly<z.infer<typeof InvoiceSchema>>;

const DnsRecordSchema = z.strictObject({ type: z.enum(DNS_TYPES), name: z.string(), value: z.string() }).readonly();

/** What staff have recorded about an account: the fold of its back-office stream. */
export const AccountAdminSchema = z.strictObject({
  notes: z.array(z.strictObject({ noteId: z.string(), text: z.string(), reason: z.string() }).readonly()).readonly(),
  /** Set on a merged account: the survivor it was folded into. */
  mergedInto: z.strictObject({ userId: z.string(), mergeId: z.string() }).readonly().nullable(),
  /** On a survivor: the accounts folded into it. */
  absorbed: z.array(z.strictObject({ userId: z.string(), mergeId: z.string() }).readonly()).readonly(),
  links: z.array(z.strictObject({ userId: z.string(), relation: z.enum(LINK_RELATIONS) }).readonly()).readonly(),
  churn: z
    .strictObject({
      offboarding: z.boolean(),
      quitReason: z.enum(QUIT_REASONS).nullable(),
      platformLocked: z.boolean(),
      marketingPaused: z.boolean(),
      marketingPausedUntil: z.string().nullable(),
      restoredDomains: z.array(z.string()).readonly(),
    })
    .readonly(),
  onboarding: z
    .strictObject({
      status: z.enum(ONBOARDING_STATUSES),
      launchedSites: z.array(z.string()).readonly(),
      dns: z
        .strictObject({ domain: z.string(), records: z.array(DnsRecordSchema).readonly() })
        .readonly()
        .nullable(),
      terms: z.strictObject({ termsVersion: z.string(), acceptedOn: z.string() }).readonly().nullable(),
      welcomeEmails: z.number(),
    })
    .readonly(),
  invoices: z.array(InvoiceSchema.readonly()).readonly(),
});
export type AccountAdmin = Readonly<z.infer<typeof AccountAdminSchema>>;

/** One line of an account's history, as the back-office shows and exports it. */
export const HistoryEntrySchema = z.strictObject({
  eventId: z.string(),
  streamId: z.string(),
  streamPosition: z.string(),
  position: z.string(),
  type: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  impersonatorId: z.string().nullable(),
  siteId: z.string().nullable(),
  correlationId: z.string(),
  data: z.unknown(),
});
export type HistoryEntry = Readonly<z.infer<typeof HistoryEntrySchema>>;

export const MEMBER_STATUSES = ['active', 'merged', 'offboarding', 'locked'] as const;

/** A row of the member search, as the API answers it. */
export const MemberSchema = z.strictObject({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  securityLevel: z.number(),
  siteId: z.string().nullable(),
  siteSubdomain: z.string().nullable(),
  siteName: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  mergedInto: z.string().nullable(),
  loginCount: z.number(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Member = Readonly<z.infer<typeof MemberSchema>>;

/** Who an actor or impersonator id in the history is. */
export const PersonSchema = z.strictObject({ userId: z.string(), name: z.string(), email: z.string(), securityLevel: z.number() });
export type Person = Readonly<z.infer<typeof PersonSchema>>;

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
