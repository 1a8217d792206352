import { request } from '../../../api/http';
import type { EmailPreview, EmailTemplateView, TemplateScope } from '../../../../../src/contract/lead-email';

export type { EmailPreview, EmailTemplateView, TemplateScope };
export type TemplateText = { readonly name: string; readonly subject: string; readonly body: string };
export type LeadEmailDraft = { readonly subject?: string; readonly body?: string; readonly templateId?: string };

const leadEmails = (leadId: string) => `/api/dashboard/leads/${encodeURIComponent(leadId)}/emails`;
const templates = '/api/dashboard/email-templates';
const oneTemplate = (t: Pick<EmailTemplateView, 'ownerId' | 'templateId'>) => `${templates}/${encodeURIComponent(t.ownerId)}/${encodeURIComponent(t.templateId)}`;

/** CRM e-mail (issue 16): templates, the preview of an e-mail as the lead gets it, and sending. */
export const emailApi = {
  /** `officeId`: the office staff chose (a broker's and an agent's office is implied). */
  templates: (officeId: string | null = null) => request<{ templates: EmailTemplateView[] }>('GET', `${templates}${officeId ? `?officeId=${encodeURIComponent(officeId)}` : ''}`),
  createTemplate: (scope: TemplateScope, t: TemplateText, officeId: string | null = null) =>
    request<{ templateId: string; ownerId: string }>('POST', templates, { scope, ...t, ...(officeId && scope === 'office' ? { officeId } : {}) }),
  changeTemplate: (t: Pick<EmailTemplateView, 'ownerId' | 'templateId'>, text: TemplateText) => request<{ templateId: string }>('PUT', oneTemplate(t), text),
  deleteTemplate: (t: Pick<EmailTemplateView, 'ownerId' | 'templateId'>) => request<{ templateId: string }>('DELETE', oneTemplate(t)),
  preview: (leadId: string, draft: LeadEmailDraft, signal?: AbortSignal) => request<EmailPreview>('POST', `${leadEmails(leadId)}/preview`, draft, { signal }),
  send: (leadId: string, draft: LeadEmailDraft & { readonly messageId?: string }) => request<{ messageId: string }>('POST', leadEmails(leadId), draft),
};
