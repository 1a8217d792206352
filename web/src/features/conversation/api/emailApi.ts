import { api } from '../../../api/contract-client';
import type { EmailPreview, EmailTemplateView, LeadEmailInput, TemplateScope } from '../../../../../src/contract/lead-email';
import { contract } from '../../../../../src/contract/routes';

export type { EmailPreview, EmailTemplateView, TemplateScope };
export type TemplateText = { readonly name: string; readonly subject: string; readonly body: string };
export type LeadEmailDraft = Omit<LeadEmailInput, 'messageId'>;

const { leadEmail } = contract;
const oneTemplate = (t: Pick<EmailTemplateView, 'ownerId' | 'templateId'>) => ({ ownerId: t.ownerId, templateId: t.templateId });

/** CRM e-mail (issue 16): templates, the preview of an e-mail as the lead gets it, and sending. */
export const emailApi = {
  /** `officeId`: the office staff chose (a broker's and an agent's office is implied). */
  templates: (officeId: string | null = null) => api(leadEmail.templates, { query: { officeId: officeId ?? undefined } }),
  createTemplate: (scope: TemplateScope, t: TemplateText, officeId: string | null = null) =>
    api(leadEmail.createTemplate, { body: { scope, ...t, ...(officeId && scope === 'office' ? { officeId } : {}) } }),
  changeTemplate: (t: Pick<EmailTemplateView, 'ownerId' | 'templateId'>, text: TemplateText) =>
    api(leadEmail.changeTemplate, { params: oneTemplate(t), body: text }),
  deleteTemplate: (t: Pick<EmailTemplateView, 'ownerId' | 'templateId'>) => api(leadEmail.deleteTemplate, { params: oneTemplate(t) }),
  preview: (leadId: string, draft: LeadEmailDraft, signal?: AbortSignal) => api(leadEmail.preview, { params: { leadId }, body: draft }, { signal }),
  send: (leadId: string, draft: LeadEmailInput) => api(leadEmail.send, { params: { leadId }, body: draft }),
};
