import { z } from 'zod';
import { AGREEMENT_TYPES, AgreementViewSchema, COMPENSATION_KINDS, dayField, SigningViewSchema, UncoveredBuyerSchema } from '../agreements';
import { oneOf } from '../fields';
import { routes } from '../route';

const TAG = 'Buyer agreements';
const AGENTS = 'agents, brokers, staff (their scope)';
const LeadParams = z.strictObject({ leadId: z.string() });
const AgreementParams = z.strictObject({ leadId: z.string(), agreementId: z.string() });
const Changed = z.strictObject({ isSuccess: z.literal(true), agreement: AgreementViewSchema });
/** A stored upload's name (as POST /api/upload answers it in FileName). */
const uploadId = z.string({ error: 'uploadId is required' }).regex(/^[a-f0-9]{32}\.(pdf|doc|docx|jpg|png)$/, { error: 'uploadId is not an uploaded document' });

/** Buyer agreements (contract section 13): the office's side on the lead, the lead's signing link, the broker's list of buyers without one. */
export const agreementsRoutes = routes('agreements', {
  list: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/agreements',
    summary: "The lead's buyer agreements with their state (draft, sent, signed, expired, void)",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    responses: { 200: z.strictObject({ agreements: z.array(AgreementViewSchema) }) },
  },
  create: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/agreements',
    summary: 'Draft a buyer agreement (its own document attached when uploadId is given)',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({
      type: oneOf(AGREEMENT_TYPES, `type must be one of ${AGREEMENT_TYPES.join(', ')}`),
      compensation: z.strictObject(
        {
          kind: oneOf(COMPENSATION_KINDS, 'compensation.kind must be percent or flat'),
          value: z.number({ error: 'compensation.value must be a number' }),
        },
        { error: 'compensation must be {kind, value}' },
      ),
      startsOn: dayField('startsOn'),
      endsOn: dayField('endsOn'),
      uploadId: uploadId.optional(),
      /** The form's own id: sending it again (a retry) drafts once. */
      agreementId: z.uuid().optional(),
    }),
    responses: { 201: z.strictObject({ agreementId: z.string() }) },
  },
  send: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/agreements/:agreementId/send',
    summary: 'E-mail the lead a signed one-use link to sign the agreement (a newer link replaces the older)',
    tag: TAG,
    access: AGENTS,
    params: AgreementParams,
    body: z.strictObject({}),
    responses: { 200: Changed },
  },
  uploadSigned: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/agreements/:agreementId/signed-copy',
    summary: 'Record the agreement as signed by an uploaded signed copy',
    tag: TAG,
    access: AGENTS,
    params: AgreementParams,
    body: z.strictObject({ uploadId }),
    responses: { 200: Changed },
  },
  void: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/agreements/:agreementId/void',
    summary: 'Void the agreement (it covers nothing from now on)',
    tag: TAG,
    access: AGENTS,
    params: AgreementParams,
    body: z.strictObject({}),
    responses: { 200: Changed },
  },
  uncovered: {
    method: 'GET',
    path: 'api/dashboard/agreements/uncovered',
    summary: "Buyers (leads with showings, or of type buyer) with no agreement in force today: the office's for a broker, the agent's own",
    tag: TAG,
    access: AGENTS,
    responses: { 200: z.strictObject({ buyers: z.array(UncoveredBuyerSchema) }) },
  },
  bySigningLink: {
    method: 'GET',
    path: 'api/agreements/sign',
    summary: 'The terms a signing link is for (403 when forged or expired)',
    tag: TAG,
    access: 'anyone',
    query: z.strictObject({ t: z.string().optional() }),
    responses: { 200: SigningViewSchema },
  },
  sign: {
    method: 'POST',
    path: 'api/agreements/sign',
    summary: 'Sign through the link with the typed full name (once: 409 when signed already); time, address and browser are recorded',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({
      t: z.string({ error: 't is required' }).max(300),
      name: z.string({ error: 'Type your full name to sign' }).trim().min(1, { error: 'Type your full name to sign' }).max(200),
      /** A custom check keeps the message ours for a missing or false tick. */
      accept: z.custom<true>((v) => v === true, { error: 'Tick that you accept the agreement' }).meta({ type: 'boolean', enum: [true] }),
    }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), view: SigningViewSchema }) },
  },
});
