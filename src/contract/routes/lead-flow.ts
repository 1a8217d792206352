import { z } from 'zod';
import { routes } from '../route';

const TAG = 'Lead flow';
const BROKER = 'the broker of the office';
export const LEAD_FLOW_RULES_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LEAD_FLOW_MESSAGES = {
  brokersOnly: 'Only the broker can see or change the lead flow',
  assignTo: 'assignTo is an agent’s id, "round-robin", "pond" or "routing-rules"',
  notInOffice: 'That agent is not in your office',
  plan: 'That action plan is not one of your office’s',
  source: 'source is required (at most 60 characters)',
} as const;

const assignTo = z
  .string({ error: LEAD_FLOW_MESSAGES.assignTo })
  .refine((s) => s === 'round-robin' || s === 'pond' || s === 'routing-rules' || UUID.test(s), { error: LEAD_FLOW_MESSAGES.assignTo });
const actionPlanId = z.string().regex(UUID, { error: 'actionPlanId is a plan’s id' }).nullable().default(null);
const source = z.string({ error: LEAD_FLOW_MESSAGES.source }).trim().min(1, { error: LEAD_FLOW_MESSAGES.source }).max(60, { error: LEAD_FLOW_MESSAGES.source });

const Target = z.strictObject({ assignTo, actionPlanId });
const Rule = z.strictObject({ source, assignTo, actionPlanId });

export const LeadFlowSchema = z.strictObject({
  /** null: none made yet (`POST api/dashboard/lead-flow/tokens` makes it, as does the first save of the rules). */
  intakeEmail: z.string().nullable(),
  intakeUrl: z.string().nullable(),
  rules: z.array(z.strictObject({ source: z.string(), assignTo: z.string(), actionPlanId: z.string().nullable() })),
  defaultRule: z.strictObject({ assignTo: z.string(), actionPlanId: z.string().nullable() }),
  /** The sources the office's leads came from and the portals it can take leads from, each once. */
  sources: z.array(z.string()),
  /** The office's action plans a rule can start. */
  plans: z.array(z.strictObject({ planId: z.string(), name: z.string() })),
  googleKeySet: z.boolean(),
});

export const UnreadDeliverySchema = z.strictObject({
  deliveryId: z.string(),
  at: z.string(),
  channel: z.enum(['url', 'email']),
  from: z.string(),
  subject: z.string(),
  reason: z.string(),
  text: z.string(),
  prefill: z.strictObject({ source: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), message: z.string() }),
});

const Taken = z.strictObject({ leadId: z.string(), created: z.boolean() });
const Delivery = z.strictObject({ deliveryId: z.string() });
const short = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` });

/** Issue 31 parts 3 to 5: the office's lead flow, its intake URL and address, and what came in unread (contract section 12). */
export const leadFlowRoutes = routes('leadFlow', {
  get: {
    method: 'GET',
    path: 'api/dashboard/lead-flow',
    summary: "The office's lead flow: per source who gets new leads and which plan starts, the default rule, the intake address and URL",
    tag: TAG,
    access: BROKER,
    responses: { 200: LeadFlowSchema },
  },
  put: {
    method: 'PUT',
    path: 'api/dashboard/lead-flow',
    summary: 'Replace the lead flow rules (and the default rule for every other source)',
    tag: TAG,
    access: BROKER,
    body: z.strictObject({ rules: z.array(Rule).max(LEAD_FLOW_RULES_MAX), defaultRule: Target.optional() }),
    responses: { 200: LeadFlowSchema },
  },
  newToken: {
    method: 'POST',
    path: 'api/dashboard/lead-flow/tokens',
    summary: 'The intake URL or intake address, or a new one: the one before is refused from now on',
    tag: TAG,
    access: BROKER,
    body: z.strictObject({ channel: z.enum(['url', 'email'], { error: 'channel is "url" or "email"' }) }),
    responses: { 200: LeadFlowSchema },
  },
  refreshForms: {
    method: 'POST',
    path: 'api/dashboard/lead-flow/forms',
    summary: "List the lead forms of the office's connected Facebook pages again (the lead flow itself lists those last listed, asking Facebook nothing)",
    tag: TAG,
    access: BROKER,
    responses: { 200: LeadFlowSchema },
  },
  googleKey: {
    method: 'PUT',
    path: 'api/dashboard/lead-flow/google-key',
    summary: 'The google_key the office’s Google Ads lead forms send (null: none)',
    tag: TAG,
    access: BROKER,
    body: z.strictObject({ googleKey: short('googleKey', 200).nullable() }),
    responses: { 204: z.undefined() },
  },
  unread: {
    method: 'GET',
    path: 'api/dashboard/lead-flow/unread',
    summary: 'Deliveries and e-mails that came to the intake URL or address and could not be read, newest first',
    tag: TAG,
    access: BROKER,
    responses: { 200: z.strictObject({ deliveries: z.array(UnreadDeliverySchema) }) },
  },
  makeLead: {
    method: 'POST',
    path: 'api/dashboard/lead-flow/unread/:deliveryId/lead',
    summary: 'Make a lead of an unread delivery through the lead intake, with the source chosen',
    tag: TAG,
    access: BROKER,
    params: Delivery,
    body: z.strictObject({
      source: short('source', 60).min(1, { error: LEAD_FLOW_MESSAGES.source }),
      firstName: short('firstName', 100).default(''),
      lastName: short('lastName', 100).default(''),
      email: short('email', 254).default(''),
      phone: short('phone', 40).default(''),
      message: short('message', 5000).default(''),
    }),
    responses: { 201: Taken, 200: Taken },
  },
  dismiss: {
    method: 'DELETE',
    path: 'api/dashboard/lead-flow/unread/:deliveryId',
    summary: 'Dismiss an unread delivery (it leaves the list)',
    tag: TAG,
    access: BROKER,
    params: Delivery,
    responses: { 204: z.undefined() },
  },
  deliver: {
    method: 'POST',
    path: 'api/inbound/leads/:token',
    summary:
      'A lead delivery from a portal or an ad network in its own JSON shape (201 a new lead, 200 a person the office has or the same delivery again; 422 unreadable, kept for the broker; 404 unknown or revoked token)',
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ token: z.string() }),
    body: z.unknown(),
    responses: { 201: Taken, 200: Taken },
  },
});
