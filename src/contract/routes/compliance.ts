import { z } from 'zod';
import { instantField } from '../fields';
import { routes } from '../route';

const TAG = 'Compliance';
const AGENTS = 'agents, brokers, staff (their scope)';
const LeadParams = z.strictObject({ leadId: z.string() });
const EvidenceEntrySchema = z.strictObject({ seq: z.number(), type: z.string(), at: z.string(), data: z.unknown(), prevHash: z.string(), hash: z.string() });
const EvidenceSchema = z.strictObject({
  leadId: z.string(),
  asOf: z.string(),
  consent: z.strictObject({ email: z.boolean(), text: z.boolean(), propertyAlerts: z.boolean(), propertyUpdates: z.boolean() }),
  agreements: z.array(z.unknown()),
  ownerId: z.string().nullable(),
  /** Each text's latest carrier report (queued until one comes) and each bounce or complaint of the lead's address, as of asOf. */
  deliveries: z.array(
    z.strictObject({
      channel: z.enum(['text', 'email']),
      messageId: z.string().nullable(),
      state: z.string(),
      errorCode: z.number().nullable(),
      at: z.string(),
    }),
  ),
  entries: z.array(EvidenceEntrySchema),
});

export const TextRulesSchema = z.strictObject({
  startHour: z.number().int({ error: 'startHour is a whole hour' }).min(8, { error: 'Automated texts may start at 08:00 at the earliest' }).max(20),
  endHour: z.number().int({ error: 'endHour is a whole hour' }).min(9).max(21, { error: 'Automated texts must end by 21:00' }),
  perDay: z
    .number()
    .int({ error: 'perDay is a whole number' })
    .min(1, { error: 'At least 1 automated text a day' })
    .max(20, { error: 'At most 20 automated texts a day' }),
});

/** What a brokerage answers for (contract section 13): consent in the lead's words and the evidence of it. */
export const complianceRoutes = routes('compliance', {
  confirmRevocation: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/consent/confirm-revocation',
    summary: "Read the lead's newest unclear message as a revocation: that channel's consent goes off (409 when nothing is left to confirm)",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({}),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), channel: z.enum(['text', 'email']) }) },
  },
  textRules: {
    method: 'GET',
    path: 'api/dashboard/office/text-rules',
    summary: "The office's rules for automated texts: the hours of the lead's day they may arrive in (within 08:00–21:00) and how many a lead gets a day",
    tag: TAG,
    access: 'agents, brokers (their office)',
    responses: { 200: TextRulesSchema },
  },
  setTextRules: {
    method: 'PUT',
    path: 'api/dashboard/office/text-rules',
    summary: "Narrow the office's hours for automated texts (never wider than 08:00–21:00) and set how many a lead gets a day",
    tag: TAG,
    access: 'brokers',
    body: TextRulesSchema,
    responses: { 200: TextRulesSchema },
  },
  evidence: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/evidence',
    summary: "The lead's consent, owner, agreements and every event up to asOf (default: now), hash-chained so a copy can be verified offline",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    query: z.strictObject({ asOf: instantField('asOf').optional() }),
    responses: { 200: EvidenceSchema },
  },
  mailgunEvents: {
    method: 'POST',
    path: 'api/messaging/email/events',
    summary:
      "Mailgun's event webhook: a hard bounce or complaint marks the address undeliverable, a temporary failure is recorded; 403 unless signed, fresh and not replayed",
    tag: TAG,
    access: 'anyone',
    // Mailgun's JSON, read only after its signature is checked: nothing of event-data is trusted before.
    body: z.looseObject({ signature: z.unknown(), 'event-data': z.unknown() }),
    responses: { 204: z.undefined() },
  },
});
