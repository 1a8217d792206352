import { z } from 'zod';
import { AgentListingsResponseSchema } from '../agent-listings';
import { BoardCardSchema } from '../board';
import { AddLeadBody, InquiryBody } from '../inquiry';
import { LeadsQuery } from '../lead-filters';
import {
  ContractLeadSchema,
  ContractNoteSchema,
  FacetsSchema,
  FeedLeadDetailSchema,
  FeedResponseSchema,
  MeSchema,
  MissedPushSchema,
  TimelineEntrySchema,
} from '../leads';
import { decodePosition } from '../position';
import { routes } from '../route';

const AGENTS = 'agents, brokers, staff (their scope)';
const TAG = 'dashboard';
const POND = 'Dashboard: pond';
const PIPELINE = 'Dashboard: pipeline';

const LeadParams = z.strictObject({ leadId: z.string() });
const officeId = z.string().max(64).optional();
const count = (max: number, name: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .refine((n) => n <= max, { error: `${name} is at most ${max}` });
const BoardColumnSchema = z.strictObject({ stage: z.string(), inPipeline: z.boolean(), count: z.number(), leads: z.array(BoardCardSchema).readonly() });
const ClaimAnswer = z.strictObject({ isSuccess: z.literal(true), leadId: z.string(), agentId: z.string().nullable() });

/** Leads: capture (the public inquiry, a lead added by hand), the dashboard's list, feed and board, and working a lead (contract sections 2, 5 and 5a). */
export const leadsRoutes = routes('leads', {
  list: {
    method: 'GET',
    path: 'api/dashboard/leads',
    summary: "The viewer's leads that pass the filters, in their sort (newest activity first by default), a page at a time",
    tag: TAG,
    access: AGENTS,
    query: LeadsQuery,
    responses: { 200: z.strictObject({ leads: z.array(ContractLeadSchema).readonly(), total: z.number(), page: z.number(), perpage: z.number() }) },
  },
  lead: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId',
    summary: 'One lead with its timeline and notes (a merged lead answers with the lead it was merged into)',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    responses: {
      200: z.strictObject({ lead: ContractLeadSchema, timeline: z.array(TimelineEntrySchema).readonly(), notes: z.array(ContractNoteSchema).readonly() }),
    },
  },
  feed: {
    method: 'GET',
    path: 'api/dashboard/feed',
    summary: "The web app's feed: the list with status, site and listing, the sources to filter by, and the position to follow pushes from",
    tag: TAG,
    access: AGENTS,
    query: LeadsQuery,
    responses: { 200: FeedResponseSchema },
  },
  facets: {
    method: 'GET',
    path: 'api/dashboard/feed/facets',
    summary: "What the filter bar offers: the stages (the default pipeline's order first), tags and sites of the viewer's leads",
    tag: TAG,
    access: AGENTS,
    responses: { 200: FacetsSchema },
  },
  feedLead: {
    method: 'GET',
    path: 'api/dashboard/feed/lead/:leadId',
    summary: "One lead with the feed's fields (the details pane), its timeline, and notes with their author's name and last edit",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    responses: { 200: FeedLeadDetailSchema },
  },
  since: {
    method: 'GET',
    path: 'api/dashboard/feed/since',
    summary: 'What a reconnecting client missed after the last position it saw; reset: more than it should replay (reload instead)',
    tag: TAG,
    access: AGENTS,
    query: z.strictObject({ position: z.string().refine((s) => decodePosition(s) !== null, { error: 'position is not a position' }) }),
    responses: { 200: z.strictObject({ position: z.string(), events: z.array(MissedPushSchema).readonly(), reset: z.boolean() }) },
  },
  myListings: {
    method: 'GET',
    path: 'api/dashboard/listings',
    summary: "The listings of the agents in the viewer's scope, those not shown publicly included, most recently changed first",
    tag: TAG,
    access: 'agents, brokers, staff',
    query: LeadsQuery.pick({ page: true, perpage: true }),
    responses: { 200: AgentListingsResponseSchema },
  },
  board: {
    method: 'GET',
    path: 'api/dashboard/board',
    summary: "The board: the office's pipeline as columns with their counts and most recently active leads",
    tag: PIPELINE,
    access: AGENTS + '; staff may name an office (?officeId=)',
    query: z.strictObject({ officeId: officeId }),
    responses: {
      200: z.strictObject({
        officeId: z.string().nullable(),
        stages: z.array(z.string()).readonly(),
        columns: z.array(BoardColumnSchema).readonly(),
        perColumn: z.number(),
        position: z.string(),
        me: MeSchema,
      }),
    },
  },
  pipeline: {
    method: 'GET',
    path: 'api/dashboard/pipeline',
    summary: "The stages a lead can be moved to (?leadId=), or the viewer's office's with how many leads each holds",
    tag: PIPELINE,
    access: AGENTS,
    query: z.strictObject({ officeId: officeId, leadId: z.string().max(64).optional() }),
    responses: {
      200: z.strictObject({
        officeId: z.string().nullable(),
        stages: z.array(z.string()).readonly(),
        counts: z.record(z.string(), z.number()).readonly().optional(),
      }),
    },
  },
  column: {
    method: 'GET',
    path: 'api/dashboard/board/column',
    summary: 'More of one column of the board, from offset',
    tag: PIPELINE,
    access: AGENTS,
    query: z.strictObject({ officeId: officeId, stage: z.string().min(1).max(200), offset: count(100_000, 'offset').optional() }),
    responses: { 200: z.strictObject({ stage: z.string(), leads: z.array(BoardCardSchema).readonly() }) },
  },
  tags: {
    method: 'GET',
    path: 'api/dashboard/tags',
    summary: "The tags on the viewer's leads, most used first (the tag editor's suggestions)",
    tag: PIPELINE,
    access: AGENTS,
    responses: { 200: z.strictObject({ tags: z.array(z.string()).readonly() }) },
  },
  patch: {
    method: 'PATCH',
    path: 'api/dashboard/leads/:leadId',
    summary: "Change a lead's stage, tags, contact or agent; answers the lead with the change on top",
    tag: PIPELINE,
    access: AGENTS,
    params: LeadParams,
    // Lengths here only keep requests small; the deciders apply the product's rules and messages.
    body: z.strictObject({
      stage: z.string().max(200).optional(),
      tags: z.array(z.string().max(200)).max(100).optional(),
      fullName: z.string().max(200).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(40).nullable().optional(),
      assignedAgentId: z.uuid({ error: 'assignedAgentId is not an id' }).optional(),
    }),
    responses: { 200: ContractLeadSchema },
  },
  reassign: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/reassign',
    summary: "A broker moves one of the office's leads to another agent of the office (or takes it)",
    tag: TAG,
    access: 'brokers, staff',
    params: LeadParams,
    body: z.strictObject({ agentId: z.uuid({ error: 'agentId is not an id' }) }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), leadId: z.string(), agentId: z.string() }) },
  },
  add: {
    method: 'POST',
    path: 'api/dashboard/leads',
    summary: "A lead added by hand, checked by the inquiry's rules and messages; 409 when the address is a lead of the office already",
    tag: TAG,
    access: 'agents, brokers, staff',
    body: AddLeadBody,
    responses: { 201: z.strictObject({ leadId: z.string() }) },
  },
  sites: {
    method: 'GET',
    path: 'api/dashboard/sites',
    summary: 'The sites the caller may add or import leads to, the default first, with the partial-name setting their forms check',
    tag: TAG,
    access: 'agents, brokers, staff',
    responses: {
      200: z.strictObject({
        sites: z
          .array(
            z.strictObject({
              siteId: z.string(),
              subdomain: z.string(),
              name: z.string(),
              kind: z.enum(['broker', 'agent', 'brand']),
              allowPartialName: z.boolean(),
            }),
          )
          .readonly(),
      }),
    },
  },
  pond: {
    method: 'GET',
    path: 'api/dashboard/pond',
    summary: 'Leads in the office pond, oldest first',
    tag: POND,
    access: 'agents, brokers, staff',
    responses: { 200: z.strictObject({ leads: z.array(ContractLeadSchema).readonly() }) },
  },
  claim: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/claim',
    summary: 'Claim a pond lead of your office: 200 for the first claimer, 409 (naming who has it) for the others',
    tag: POND,
    access: 'agents and brokers of the office',
    params: LeadParams,
    responses: { 200: ClaimAnswer },
  },
  inquiry: {
    method: 'POST',
    path: 'api/account/inquiry',
    summary:
      "Contract section 2: an inquiry from a site's visitor; a new address becomes a lead of the site, signed in at once (409 'Email already in use' for an address someone else holds)",
    tag: 'account',
    access: 'anyone',
    body: InquiryBody,
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), leadId: z.string() }) },
  },
  activity: {
    method: 'POST',
    path: 'api/lead/activity',
    summary: "A signed-in lead's behaviour on the public site (a listing viewed, a search run) for their agent's timeline; 204 whether or not it was recorded",
    tag: 'account',
    access: 'signed in',
    body: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('ListingViewed'), pdid: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' }) }),
      z.strictObject({ type: z.literal('SearchRun'), title: z.string().max(300), query: z.string().max(2000) }),
    ]),
    responses: { 204: z.undefined() },
  },
});
