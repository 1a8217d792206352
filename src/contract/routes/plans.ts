import { z } from 'zod';
import { BULK_ENROL_MAX, BulkEnrolResultSchema, EnrolmentViewSchema, PlanDefinitionFields, PlanPreviewSchema, PlanViewSchema } from '../plans';
import { routes } from '../route';

const TAG = 'Action plans';
const officeId = z.uuid({ error: 'officeId must be a broker id' });
const PlanParams = z.strictObject({ planId: z.string() });
const PlanId = z.strictObject({ planId: z.string() });
const EnrolmentId = z.strictObject({ enrolmentId: z.string() });

/** Action plans (issue 19 part 1): the plans, enrolling leads on them, previewing one for a lead, and a lead's enrolments. */
export const plansRoutes = routes('plans', {
  list: {
    method: 'GET',
    path: 'api/dashboard/plans',
    summary: "The viewer's personal plans and their office's; staff: the office named by officeId (a broker's id) and their own, or all when they name none",
    tag: TAG,
    access: 'agents, brokers, staff (all, or officeId)',
    query: z.strictObject({ officeId: officeId.optional() }),
    responses: { 200: z.strictObject({ plans: z.array(PlanViewSchema) }) },
  },
  create: {
    method: 'POST',
    path: 'api/dashboard/plans',
    summary: 'Create a plan (office: the broker, or staff naming officeId; personal: anyone)',
    tag: TAG,
    access: 'agents (personal), brokers, staff',
    body: z.strictObject({ scope: z.enum(['office', 'personal']), ...PlanDefinitionFields, officeId: officeId.optional() }),
    responses: { 201: PlanId },
  },
  edit: {
    method: 'PUT',
    path: 'api/dashboard/plans/:planId',
    summary: 'Change a plan (new enrolments follow the new steps; running ones keep theirs)',
    tag: TAG,
    access: 'its owner; office plans: the broker, staff',
    params: PlanParams,
    body: z.strictObject(PlanDefinitionFields),
    responses: { 200: PlanId },
  },
  archive: {
    method: 'DELETE',
    path: 'api/dashboard/plans/:planId',
    summary: 'Archive a plan: it enrols nobody more; running enrolments go on',
    tag: TAG,
    access: 'its owner; office plans: the broker, staff',
    params: PlanParams,
    responses: { 200: PlanId },
  },
  enrol: {
    method: 'POST',
    path: 'api/dashboard/plans/:planId/enrol',
    summary: 'Enrol a lead on a plan (enrolmentId makes a retry the same enrolment; 409: already on the plan)',
    tag: TAG,
    access: 'who may work the lead and use the plan',
    params: PlanParams,
    body: z.strictObject({ leadId: z.uuid({ error: 'leadId must be a lead id' }), enrolmentId: z.uuid({ error: 'enrolmentId must be a uuid' }).optional() }),
    responses: { 201: EnrolmentId },
  },
  enrolBulk: {
    method: 'POST',
    path: 'api/dashboard/plans/:planId/enrol-bulk',
    summary: 'Enrol many leads (from the lead list): each one the viewer may work and not already on the plan',
    tag: TAG,
    access: 'agents, brokers, staff',
    params: PlanParams,
    body: z.strictObject({
      leadIds: z
        .array(z.uuid({ error: 'leadIds must be lead ids' }))
        .min(1)
        .max(BULK_ENROL_MAX),
      requestId: z.uuid({ error: 'requestId must be a uuid' }).optional(),
    }),
    responses: { 200: BulkEnrolResultSchema },
  },
  preview: {
    method: 'POST',
    path: 'api/dashboard/plans/:planId/preview',
    summary: 'What a lead would get from a plan if enrolled now, step by step',
    tag: TAG,
    access: 'who may work the lead and use the plan',
    params: PlanParams,
    body: z.strictObject({ leadId: z.uuid({ error: 'leadId must be a lead id' }) }),
    responses: { 200: PlanPreviewSchema },
  },
  ofLead: {
    method: 'GET',
    path: 'api/dashboard/plans/leads/:leadId',
    summary: "A lead's plans: each enrolment with its steps sent, done, skipped (why) and pending",
    tag: TAG,
    access: 'who may work the lead',
    params: z.strictObject({ leadId: z.string() }),
    responses: { 200: z.strictObject({ enrolments: z.array(EnrolmentViewSchema) }) },
  },
  act: {
    method: 'POST',
    path: 'api/dashboard/plans/leads/:leadId/:enrolmentId/:action',
    summary: "Pause, resume or stop a lead's enrolment (409: not paused / already ended)",
    tag: TAG,
    access: 'who may work the lead',
    // Another action is not a route of ours: 404, as before the route contract.
    params: z.strictObject({ leadId: z.string(), enrolmentId: z.string(), action: z.string().meta({ enum: ['pause', 'resume', 'stop'] }) }),
    responses: { 200: EnrolmentId },
  },
});
