import { z } from 'zod';

/** Buyer agreements (contract section 13): what a buyer and the office agree before touring homes. */
export const AGREEMENT_TYPES = ['exclusive', 'non_exclusive', 'touring'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
export const COMPENSATION_KINDS = ['percent', 'flat'] as const;
export type CompensationKind = (typeof COMPENSATION_KINDS)[number];
export type Compensation = { readonly kind: CompensationKind; readonly value: number };
/** `draft` until sent, `sent` while the lead's link waits, `signed` while in its term, `expired` past its end unsigned or signed, `void` when withdrawn. */
export const AGREEMENT_STATES = ['draft', 'sent', 'signed', 'expired', 'void'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];

export const TYPE_WORDS: Record<AgreementType, string> = {
  exclusive: 'Exclusive buyer representation',
  non_exclusive: 'Non-exclusive buyer representation',
  touring: 'Touring only',
};

/** What each kind of agreement commits the buyer to, in plain words (the signing page and the e-mail say it). */
export const TYPE_MEANING: Record<AgreementType, string> = {
  exclusive: 'You agree to work only with this brokerage to buy a home during the term.',
  non_exclusive: 'This brokerage represents you during the term; you may also work with other brokerages.',
  touring: 'This brokerage may show you homes during the term; it does not commit you to anything more.',
};

/** A date (YYYY-MM-DD) as people read it: "12 March 2031". */
export function dayWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The compensation as written in the agreement: "2.5% of the purchase price" or "$10,000". */
export function compensationWords(c: Compensation): string {
  if (c.kind === 'percent') return `${c.value}% of the purchase price`;
  return `$${c.value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
/** A calendar day ('2031-03-12'), else 400 naming the field. */
export const dayField = (field: string) => z.string({ error: `${field} is required` }).refine(isDay, { error: `${field} must be a date (YYYY-MM-DD)` });

export const AgreementViewSchema = z.strictObject({
  agreementId: z.string(),
  leadId: z.string(),
  type: z.enum(AGREEMENT_TYPES),
  compensation: z.strictObject({ kind: z.enum(COMPENSATION_KINDS), value: z.number() }),
  startsOn: z.string(),
  endsOn: z.string(),
  uploadId: z.string().nullable(),
  state: z.enum(AGREEMENT_STATES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  signed: z
    .strictObject({
      how: z.enum(['link', 'upload']),
      at: z.string(),
      name: z.string().nullable(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      uploadId: z.string().nullable(),
    })
    .nullable(),
  voidedAt: z.string().nullable(),
});
export type AgreementView = z.infer<typeof AgreementViewSchema>;

/** What the lead's signing page shows: the terms, nothing of the office's records. */
export const SigningViewSchema = z.strictObject({
  leadName: z.string(),
  officeName: z.string(),
  type: z.enum(AGREEMENT_TYPES),
  typeWords: z.string(),
  meaning: z.string(),
  compensation: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  term: z.string(),
  documentUrl: z.string().nullable(),
  state: z.enum(AGREEMENT_STATES),
});
export type SigningView = z.infer<typeof SigningViewSchema>;

export const UncoveredBuyerSchema = z.strictObject({
  leadId: z.string(),
  leadName: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  nextShowing: z.strictObject({ showingId: z.string(), start: z.string(), address: z.string(), timeZone: z.string() }).nullable(),
});
export type UncoveredBuyer = z.infer<typeof UncoveredBuyerSchema>;
