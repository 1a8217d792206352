import { request } from '../../../api/http';
import type { BulkEnrolResult, EnrolmentView, PlanDefinition, PlanPreview, PlanScope, PlanView } from '../../../../../src/contract/plans';

const plans = '/api/dashboard/plans';
const one = (planId: string) => `${plans}/${encodeURIComponent(planId)}`;

/** Action plans (issue 19 part 1): the plans, previewing one for a lead, enrolling leads, and a lead's enrolments. */
export const plansApi = {
  /** Staff name an office (its broker) to see its plans and their own; none: every office's. */
  list: (officeId: string | null = null) => request<{ plans: PlanView[] }>('GET', officeId ? `${plans}?officeId=${encodeURIComponent(officeId)}` : plans),
  create: (scope: PlanScope, d: PlanDefinition, officeId: string | null = null) => request<{ planId: string }>('POST', plans, { scope, ...d, ...(officeId && scope === 'office' ? { officeId } : {}) }),
  edit: (planId: string, d: PlanDefinition) => request<{ planId: string }>('PUT', one(planId), d),
  archive: (planId: string) => request<{ planId: string }>('DELETE', one(planId)),
  preview: (planId: string, leadId: string) => request<PlanPreview>('POST', `${one(planId)}/preview`, { leadId }),
  enrol: (planId: string, leadId: string, enrolmentId: string) => request<{ enrolmentId: string }>('POST', `${one(planId)}/enrol`, { leadId, enrolmentId }),
  enrolBulk: (planId: string, leadIds: readonly string[], requestId: string) => request<BulkEnrolResult>('POST', `${one(planId)}/enrol-bulk`, { leadIds, requestId }),
  ofLead: (leadId: string) => request<{ enrolments: EnrolmentView[] }>('GET', `${plans}/leads/${encodeURIComponent(leadId)}`),
  act: (leadId: string, enrolmentId: string, action: 'pause' | 'resume' | 'stop') =>
    request<{ enrolmentId: string }>('POST', `${plans}/leads/${encodeURIComponent(leadId)}/${encodeURIComponent(enrolmentId)}/${action}`, {}),
};
