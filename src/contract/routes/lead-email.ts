import { z } from 'zod';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  EmailPreviewSchema,
  EmailTemplateViewSchema,
  LeadEmailBody,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SCOPES,
} from '../lead-email';
import { routes } from '../route';

const TAG = 'One conversation';
const TEMPLATES_TAG = 'Working a lead';
const AGENTS = 'agents, brokers, staff (their scope)';
const LeadParams = z.strictObject({ leadId: z.string() });
const TemplateParams = z.strictObject({ ownerId: z.string(), templateId: z.string() });
const officeId = z.uuid({ error: 'officeId must be a broker id' }).optional();
// Lengths are checked again by the decide with sentences; these stop absurd bodies early.
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max * 2);
const TemplateFields = {
  name: text(TEMPLATE_NAME_MAX),
  subject: text(EMAIL_SUBJECT_MAX),
  body: z
    .string()
    .max(EMAIL_BODY_MAX * 2)
    .transform((b) => b.replace(/\r\n?/g, '\n').trimEnd()),
};
const TemplateId = z.strictObject({ templateId: z.string() });

/** CRM e-mail (issue 16): writing to a lead, its templates, and the replies Mailgun forwards. */
export const leadEmailRoutes = routes('leadEmail', {
  send: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/emails',
    summary: 'E-mail a lead from the CRM (plain text; merge fields; a template; replies come back to the thread)',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: LeadEmailBody,
    responses: { 201: z.strictObject({ messageId: z.string() }) },
  },
  preview: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/emails/preview',
    summary: 'What an e-mail to this lead would say (merge fields filled, empty ones named) and whether it may be sent',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: LeadEmailBody,
    responses: { 200: EmailPreviewSchema },
  },
  templates: {
    method: 'GET',
    path: 'api/dashboard/email-templates',
    summary: "The viewer's personal e-mail templates and their office's",
    tag: TEMPLATES_TAG,
    access: 'agents, brokers, staff (with officeId)',
    query: z.strictObject({ officeId }),
    responses: { 200: z.strictObject({ templates: z.array(EmailTemplateViewSchema) }) },
  },
  createTemplate: {
    method: 'POST',
    path: 'api/dashboard/email-templates',
    summary: 'Create an e-mail template (office: the broker, or staff naming officeId)',
    tag: TEMPLATES_TAG,
    access: 'agents (personal), brokers, staff',
    body: z.strictObject({ scope: z.enum(TEMPLATE_SCOPES), ...TemplateFields, officeId }),
    responses: { 201: z.strictObject({ templateId: z.string(), ownerId: z.string() }) },
  },
  changeTemplate: {
    method: 'PUT',
    path: 'api/dashboard/email-templates/:ownerId/:templateId',
    summary: 'Change an e-mail template (its owner; staff for office templates)',
    tag: TEMPLATES_TAG,
    access: 'agents, brokers, staff',
    params: TemplateParams,
    body: z.strictObject(TemplateFields),
    responses: { 200: TemplateId },
  },
  deleteTemplate: {
    method: 'DELETE',
    path: 'api/dashboard/email-templates/:ownerId/:templateId',
    summary: 'Delete an e-mail template (its owner; staff for office templates)',
    tag: TEMPLATES_TAG,
    access: 'agents, brokers, staff',
    params: TemplateParams,
    responses: { 200: TemplateId },
  },
  inbound: {
    method: 'POST',
    path: 'api/inbound/email',
    summary: "Mailgun's inbound route: a reply to a CRM e-mail joins the lead's thread (403 unsigned, stale or replayed; 406 not a reply address of ours)",
    tag: TAG,
    access: 'anyone',
    consumes: 'multipart/form-data',
    // Mailgun's forward: verified by its signature before any field or file is read; attachments as attachment-1..n.
    body: z.object({
      recipient: z.string(),
      from: z.string().optional(),
      sender: z.string().optional(),
      subject: z.string().optional(),
      'body-plain': z.string().optional(),
      'stripped-text': z.string().optional(),
      'Message-Id': z.string().optional(),
      timestamp: z.string(),
      token: z.string(),
      signature: z.string(),
    }),
    responses: { 200: z.strictObject({ message: z.string() }) },
  },
});
