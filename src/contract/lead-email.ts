/**
 * CRM e-mail (issue 16), shared by the server and the web app: the limits of what an agent
 * writes, and the shapes the dashboard reads for templates and previews.
 */

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;
export const TEMPLATE_NAME_MAX = 80;
/** Templates one owner (an agent, or an office) may keep. */
export const TEMPLATES_PER_OWNER = 200;

export const TEMPLATE_SCOPES = ['personal', 'office'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];

export type EmailTemplateView = {
  readonly templateId: string;
  /** The agent (personal) or the office's broker (office) whose stream holds it. */
  readonly ownerId: string;
  readonly scope: TemplateScope;
  readonly name: string;
  readonly subject: string;
  readonly body: string;
  readonly updatedAt: string;
  /** The viewer may change or delete it (its owner; staff for office templates). */
  readonly editable: boolean;
};

/** What sending would put in the e-mail for this lead, and whether it may be sent at all. */
export type EmailPreview = {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /** Merge fields the text uses that are empty for this lead (rendered by the empty-value rule). */
  readonly emptyFields: readonly string[];
  readonly canSend: boolean;
  /** Why not, in words for the composer. */
  readonly reason: string | null;
};
