import { api } from '../../../api/contract-client';
import type { PlanDefinition, PlanScope } from '../../../../../src/contract/plans';
import { contract } from '../../../../../src/contract/routes';

const { plans } = contract;
/** Only the definition's fields: the route refuses any other (a PlanView carries more). */
const definition = (d: PlanDefinition) => ({ name: d.name, steps: [...d.steps], triggers: [...d.triggers] });

/** Action plans (issue 19 part 1): the plans, previewing one for a lead, enrolling leads, and a lead's enrolments. */
export const plansApi = {
  /** Staff name an office (its broker) to see its plans and their own; none: every office's. */
  list: (officeId: string | null = null) => api(plans.list, { query: { officeId: officeId ?? undefined } }),
  create: (scope: PlanScope, d: PlanDefinition, officeId: string | null = null) =>
    api(plans.create, { body: { scope, ...definition(d), ...(officeId && scope === 'office' ? { officeId } : {}) } }),
  edit: (planId: string, d: PlanDefinition) => api(plans.edit, { params: { planId }, body: definition(d) }),
  archive: (planId: string) => api(plans.archive, { params: { planId } }),
  preview: (planId: string, leadId: string) => api(plans.preview, { params: { planId }, body: { leadId } }),
  enrol: (planId: string, leadId: string, enrolmentId: string) => api(plans.enrol, { params: { planId }, body: { leadId, enrolmentId } }),
  enrolBulk: (planId: string, leadIds: readonly string[], requestId: string) =>
    api(plans.enrolBulk, { params: { planId }, body: { leadIds: [...leadIds], requestId } }),
  ofLead: (leadId: string, signal?: AbortSignal) => api(plans.ofLead, { params: { leadId } }, { signal }),
  act: (leadId: string, enrolmentId: string, action: 'pause' | 'resume' | 'stop') => api(plans.act, { params: { leadId, enrolmentId, action } }),
};
