/**
 * CRM e-mail (issue 16), shared by the server and the web app: the limits of what an agent
 * writes, and the shapes the dashboard reads for templates and previews.
 */
import { z } from 'zod';

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;
export const TEMPLATE_NAME_MAX = 80;
/** Templates one owner (an agent, or an office) may keep. */
export const TEMPLATES_PER_OWNER = 200;

export const TEMPLATE_SCOPES = ['personal', 'office'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];

export const EmailTemplateViewSchema = z.strictObject({
  templateId: z.string(),
  /** The agent (personal) or the office's broker (office) whose stream holds it. */
  ownerId: z.string(),
  scope: z.enum(TEMPLATE_SCOPES),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updatedAt: z.string(),
  /** The viewer may change or delete it (its owner; staff for office templates). */
  editable: z.boolean(),
});
export type EmailTemplateView = Readonly<z.infer<typeof EmailTemplateViewSchema>>;

/** What sending would put in the e-mail for this lead, and whether it may be sent at all. */
export const EmailPreviewSchema = z.strictObject({
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Merge fields the text uses that are empty for this lead (rendered by the empty-value rule). */
  emptyFields: z.array(z.string()).readonly(),
  canSend: z.boolean(),
  /** Why not, in words for the composer. */
  reason: z.string().nullable(),
});
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;

/**
 * The e-mail fields of a message to a lead. The body is required unless a template gives it; the
 * subject likewise (the thread's `POST …/messages` sends `{channel: "email", body, subject?,
 * templateId?}`). `messageId` (optional) makes a retried request the same e-mail.
 */
export const LeadEmailFields = {
  body: z
    .string()
    .max(EMAIL_BODY_MAX * 2)
    .optional(),
  subject: z
    .string()
    .max(EMAIL_SUBJECT_MAX * 2)
    .optional(),
  templateId: z.uuid({ error: 'templateId must be a template id' }).optional(),
  messageId: z.uuid({ error: 'messageId must be a uuid' }).optional(),
};
export const LeadEmailBody = z.strictObject(LeadEmailFields);
export type LeadEmailInput = z.infer<typeof LeadEmailBody>;
