import type { TemplateScope } from '../../contract/lead-email';

/**
 * CRM e-mail templates (issue 16), on the stream `emailtemplates-{ownerId}`: an agent's personal
 * templates on the agent's stream, an office's on its broker's (a broker's personal ones share
 * that stream, told apart by `scope`). Subject and body are plain text with merge fields.
 */
export type EmailTemplateSaved = {
  readonly type: 'EmailTemplateSaved';
  readonly data: {
    readonly ownerId: string;
    readonly scope: TemplateScope;
    readonly templateId: string;
    readonly name: string;
    readonly subject: string;
    readonly body: string;
    readonly byUserId: string;
  };
};

export type EmailTemplateDeleted = {
  readonly type: 'EmailTemplateDeleted';
  readonly data: { readonly ownerId: string; readonly scope: TemplateScope; readonly templateId: string; readonly byUserId: string };
};

export type EmailTemplateEvent = EmailTemplateSaved | EmailTemplateDeleted;
export const emailTemplateEventTypes = ['EmailTemplateSaved', 'EmailTemplateDeleted'] as const satisfies readonly EmailTemplateEvent['type'][];
export const emailTemplatesStream = (ownerId: string) => `emailtemplates-${ownerId}`;
