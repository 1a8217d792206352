import { z } from 'zod';
import { Done } from '../fields';
import {
  AgentSchema,
  BIO_MAX,
  isClaimWindow,
  isRoutingWeight,
  LISTING_ID,
  OFFICE_MESSAGES,
  OfficeSettingsSchema,
  RoutingRuleSetSchema,
  RoutingSettingsSchema,
  SimulationResultSchema,
} from '../office';
import { routes } from '../route';

const TAG = 'Dashboard: office';
const POND = 'Dashboard: pond';

export const ROUTING_RULES_MESSAGES = {
  brokersOnly: 'Only the broker can simulate or change the routing rules',
  period: 'The period is two dates (2026-01-31), the first on or before the second, at most 366 days apart',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Staff name the office; a broker's own is implied. */
const officeId = z.string().regex(UUID, { error: 'officeId is not an id' }).optional();
// One message for every wrong window, a string or a fraction alike.
const claimWindow = z.custom<number>(isClaimWindow, { error: OFFICE_MESSAGES.claimWindow });
const pond = z.strictObject({ enabled: z.boolean(), claimWindowMinutes: claimWindow });
const OfficeQuery = z.strictObject({ officeId });
const agentId = z.string().regex(UUID, { error: 'An agent is named by their id' });
const Rules = z.strictObject({
  listingAgentFirst: z.boolean({ error: 'listingAgentFirst is true or false' }),
  weights: z
    .record(agentId, z.custom<number>(isRoutingWeight, { error: OFFICE_MESSAGES.weight }))
    .refine((w) => Object.keys(w).length <= 500, { error: 'At most 500 weights' }),
  off: z.array(agentId).max(500),
  pond,
});
const day = z.string({ error: ROUTING_RULES_MESSAGES.period }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: ROUTING_RULES_MESSAGES.period });
const MlsIdBody = z.strictObject({
  mlsId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'An MLS id is 1 to 64 letters, digits, dots, dashes or underscores' })
    .nullable(),
});
const MlsIdAnswer = z.strictObject({ isSuccess: z.literal(true), mlsId: z.string().nullable(), pendingMlsId: z.string().nullable() });
const AgentParams = z.strictObject({ agentId: z.string() });
const ActiveAnswer = z.strictObject({ isSuccess: z.literal(true), agentId: z.string(), active: z.boolean() });
const RulesAnswer = z.strictObject({ officeId: z.string(), rules: RoutingRuleSetSchema });

/** The office: its roster, settings, pipeline, routing options and routing rules (contract 5a, issues 15 and 19). */
export const officeRoutes = routes('office', {
  agents: {
    method: 'GET',
    path: 'api/dashboard/agents',
    summary: 'The people the viewer may see: an agent themself, a broker their office, staff everyone',
    tag: TAG,
    access: 'agents, brokers, staff',
    responses: { 200: z.strictObject({ agents: z.array(AgentSchema) }) },
  },
  deactivate: {
    method: 'POST',
    path: 'api/dashboard/agents/:agentId/deactivate',
    summary: 'Take an agent out of the round robin (a new version of the routing rules)',
    tag: TAG,
    access: 'brokers (their agents), staff',
    params: AgentParams,
    responses: { 200: ActiveAnswer },
  },
  activate: {
    method: 'POST',
    path: 'api/dashboard/agents/:agentId/activate',
    summary: 'Put an agent back in the round robin',
    tag: TAG,
    access: 'brokers (their agents), staff',
    params: AgentParams,
    responses: { 200: ActiveAnswer },
  },
  setBio: {
    method: 'POST',
    path: 'api/dashboard/agents/bio',
    summary: "The viewer's own bio",
    tag: TAG,
    access: 'agents, brokers, staff',
    body: z.strictObject({ bio: z.string().max(BIO_MAX) }),
    responses: { 200: Done },
  },
  setMlsId: {
    method: 'POST',
    path: 'api/dashboard/agents/mlsid',
    summary: "The viewer's own MLS id (an agent's waits for the broker's confirmation); null clears it",
    tag: TAG,
    access: 'agents, brokers, staff',
    body: MlsIdBody,
    responses: { 200: MlsIdAnswer },
  },
  setAgentMlsId: {
    method: 'POST',
    path: 'api/dashboard/agents/:agentId/mlsid',
    summary: "Set or confirm an agent's MLS id (in force at once)",
    tag: TAG,
    access: 'brokers (their agents), staff',
    params: AgentParams,
    body: MlsIdBody,
    responses: { 200: MlsIdAnswer },
  },
  linkListing: {
    method: 'POST',
    path: 'api/dashboard/routing/listingagent',
    summary: 'Link a listing to its listing agent (the listing-agent routing rule); agentId null unlinks',
    tag: TAG,
    access: 'brokers, staff; an agent claims a listing nobody holds where the office allows',
    body: z.strictObject({
      pdid: z.string().regex(LISTING_ID, { error: 'pdid is not a listing id' }),
      agentId: z.string().regex(UUID, { error: 'agentId is not an id' }).nullable(),
    }),
    responses: { 200: Done },
  },
  settings: {
    method: 'GET',
    path: 'api/dashboard/office/settings',
    summary: "The office's settings: a broker's own, an agent's broker's, any office for staff (?officeId=)",
    tag: TAG,
    access: 'agents (their office), brokers, staff (?officeId=)',
    query: z.strictObject({ officeId: z.string().optional() }),
    responses: { 200: z.strictObject({ officeId: z.string(), settings: OfficeSettingsSchema }) },
  },
  changeSettings: {
    method: 'POST',
    path: 'api/dashboard/office/settings',
    summary: "Change the office's settings and pipeline (OfficeSettingsChanged)",
    tag: TAG,
    access: 'brokers, staff (officeId)',
    body: z.strictObject({
      agentsMayClaimListings: z.boolean().optional(),
      /** The pipeline in board order (the deciders check names and counts), and where the leads of stages taken out go. */
      stages: z.array(z.string().max(200)).max(100).optional(),
      moveLeads: z
        .array(z.strictObject({ from: z.string().max(200), to: z.string().max(200) }))
        .max(100)
        .optional(),
      officeId,
    }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), officeId: z.string(), settings: OfficeSettingsSchema }) },
  },
  routing: {
    method: 'GET',
    path: 'api/dashboard/routing',
    summary: "The office's pond and new-lead copy settings",
    tag: POND,
    access: 'agents (their office), brokers, staff (?officeId=)',
    query: OfficeQuery,
    responses: { 200: RoutingSettingsSchema },
  },
  changeRouting: {
    method: 'PATCH',
    path: 'api/dashboard/routing',
    summary: "Change the office's pond and new-lead copy settings (OfficeSettingsChanged)",
    tag: POND,
    access: 'brokers, staff (officeId)',
    body: z.strictObject({
      pond: pond.optional(),
      copyBrokerOnNewLeads: z.boolean().optional(),
      officeId,
    }),
    responses: { 200: RoutingSettingsSchema },
  },
  rules: {
    method: 'GET',
    path: 'api/dashboard/routing/rules',
    summary: "The office's routing rules in force, with their version",
    tag: POND,
    access: 'brokers, staff (?officeId=)',
    query: OfficeQuery,
    responses: { 200: RulesAnswer },
  },
  simulate: {
    method: 'POST',
    path: 'api/dashboard/routing/simulation',
    summary:
      "Replay a past period's leads from the event log under the rules of their time and under candidate rules (read-only); with Accept: application/x-ndjson, lines {progress} then {result} (or {message})",
    tag: POND,
    access: 'brokers, staff (officeId)',
    body: z.strictObject({ from: day, to: day, rules: Rules, officeId }),
    responses: { 200: SimulationResultSchema },
  },
  applyRules: {
    method: 'PUT',
    path: 'api/dashboard/routing/rules',
    summary: 'Apply routing rules to the office (RoutingRulesChanged: the next version, who and when)',
    tag: POND,
    access: 'brokers, staff (officeId)',
    body: z.strictObject({ rules: Rules, officeId }),
    responses: { 200: RulesAnswer },
  },
});
