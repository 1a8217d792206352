import { z } from 'zod';
import { SavedLeadFilters } from '../lead-filters';
import { LeadScoreViewSchema, SCORE_SIGNALS, ScoreRulesViewSchema } from '../lead-score';
import { ReportSchema } from '../reports';
import { routes } from '../route';
import { SmartListSchema } from '../smart-lists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const AS_OF_MESSAGE = 'asOf must be a date (2026-01-31) or a date-time with its zone';

const number = z.number({ error: 'Every rule needs a number' });
const Signal = z.strictObject({ points: number, halfLifeDays: number, cap: number });
const Rules = z.strictObject({
  signals: z.strictObject(Object.fromEntries(SCORE_SIGNALS.map((s) => [s, Signal])) as Record<(typeof SCORE_SIGNALS)[number], typeof Signal>),
  stages: z.record(z.string().min(1).max(60), number).refine((s) => Object.keys(s).length <= 40, { error: 'At most 40 stages' }),
  priceFocus: z.strictObject({ points: number, minViews: number, withinPercent: number }),
});
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are written YYYY-MM-DD' });

/** Smart lists, the explainable lead score and its rules, and the reports page (issues 15 and 19). */
export const insightsRoutes = routes('insights', {
  smartLists: {
    method: 'GET',
    path: 'api/dashboard/smartlists',
    summary: "The default smart lists, then the user's own, with their counts in the viewer's scope",
    tag: 'dashboard',
    access: 'agents, brokers, staff',
    responses: { 200: z.strictObject({ lists: z.array(SmartListSchema).readonly() }) },
  },
  saveSmartList: {
    method: 'POST',
    path: 'api/dashboard/smartlists',
    summary: 'Save the filters as a smart list (with listId: rename or refilter that list); 201 when created, 200 when updated or saved before',
    tag: 'dashboard',
    access: 'agents, brokers, staff (own lists)',
    body: z.strictObject({
      listId: z
        .string()
        .refine((s) => UUID.test(s), { error: 'listId is not a smart list id' })
        .optional(),
      name: z
        .string({ error: 'name is required' })
        .transform((s) => s.trim())
        .refine((s) => s.length >= 1 && s.length <= 60 && !/\p{Cc}/u.test(s), { error: 'name must be 1 to 60 characters' }),
      filters: SavedLeadFilters,
    }),
    responses: { 200: SmartListSchema, 201: SmartListSchema },
  },
  deleteSmartList: {
    method: 'DELETE',
    path: 'api/dashboard/smartlists/:listId',
    summary: 'Delete one of your smart lists',
    tag: 'dashboard',
    access: 'agents, brokers, staff (own lists)',
    params: z.strictObject({ listId: z.string() }),
    responses: { 204: z.undefined() },
  },
  score: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/score',
    summary: "A lead's score and the contributions that make it (as of a past date with asOf)",
    tag: 'Working a lead',
    access: 'agents, brokers, staff (their scope)',
    params: z.strictObject({ leadId: z.string() }),
    query: z.strictObject({ asOf: z.string({ error: AS_OF_MESSAGE }).optional() }),
    responses: { 200: LeadScoreViewSchema },
  },
  scoreRules: {
    method: 'GET',
    path: 'api/dashboard/score-rules',
    summary: 'The scoring rules in force, and how far rescoring under them has come',
    tag: 'Working a lead',
    access: 'agents (read), brokers, staff',
    query: z.strictObject({ scope: z.string().optional() }),
    responses: { 200: ScoreRulesViewSchema },
  },
  changeScoreRules: {
    method: 'PUT',
    path: 'api/dashboard/score-rules',
    summary: 'Change the scoring rules (a new version); every lead they apply to is rescored from its events',
    tag: 'Working a lead',
    access: 'brokers (their office), staff (default, or an office by scope)',
    body: z.strictObject({ rules: Rules, scope: z.string().optional() }),
    responses: { 202: z.strictObject({ rulesVersion: z.number() }) },
  },
  report: {
    method: 'GET',
    path: 'api/dashboard/reports',
    summary: 'The reports page: speed to first contact, sources, new leads by week, stages reached, tasks, and a line per agent',
    tag: 'dashboard',
    access: 'agents (their own), brokers (their office, or one agent), staff',
    query: z.strictObject({ from: isoDate.optional(), to: isoDate.optional(), agentId: z.string().uuid({ error: 'agentId is not an id' }).optional() }),
    responses: { 200: ReportSchema },
  },
});
