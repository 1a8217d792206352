import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string): boolean => UUID.test(s);

export type LeadSortKey = 'lastActivity' | 'created' | 'name' | 'lastContact' | 'score';

/**
 * The lead list's query (contract sections 5 and 5a): paging, filters and sort, shared by the
 * list, the web app's feed, the CSV export and smart lists (which save the filters as given, so a
 * relative window like `7d` stays relative). Several values of one filter (`stage=New&stage=Active`)
 * mean any of them; different filters all apply.
 */
const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'page must be a whole number from 1' })
  .transform(Number)
  .refine((n) => n >= 1, { error: 'page must be a whole number from 1' });
const perPage = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'perpage must be a whole number from 1 to 200' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 200, { error: 'perpage must be a whole number from 1 to 200' });

const MAX_VALUES = 20;

/** One value or several (a repeated parameter), each checked by `ok`; `message` says what a value must be. */
const oneOrMany = (name: string, ok: (v: string) => boolean, message: string) =>
  z.union([z.string(), z.array(z.string())], { error: message }).superRefine((v, ctx) => {
    const values = Array.isArray(v) ? v : [v];
    if (values.length > MAX_VALUES) ctx.addIssue({ code: 'custom', message: `At most ${MAX_VALUES} values of ${name}` });
    else if (!values.every((x) => ok(x.trim()))) ctx.addIssue({ code: 'custom', message });
  });
/** One of `values` (a refinement, so that the 400 says `message`, not a generic "is not valid"). */
const oneOf = <const T extends string>(values: readonly T[], message: string) =>
  z.string({ error: message }).refine((v): v is T => (values as readonly string[]).includes(v), { error: message });
const text = (max: number) => (v: string) => v.length >= 1 && v.length <= max;

export const SORT_KEYS: readonly LeadSortKey[] = ['lastActivity', 'created', 'name', 'lastContact', 'score'];
export const SORT_MESSAGE = 'sort must be lastActivity, created, name, lastContact or score, with - in front for descending (e.g. -created)';
const SCORE_MIN_MESSAGE = 'scoreMin must be a whole number from 0 to 100';
export const NOT_CONTACTED_MESSAGE = 'notContactedHours must be a whole number of hours from 1 to 8760';
export const windowMessage = (name: string) => `${name} must be like 7d (in the last 7 days), >30d (more than 30 days ago) or 2026-01-01..2026-01-31`;

/** The filters and sort, as a smart list saves them. */
export const LeadFilterFields = {
  status: oneOf(['new', 'contacted'], 'status must be new or contacted').optional(),
  stage: oneOrMany('stage', text(60), 'stage must be a stage name (1 to 60 characters)').optional(),
  tag: oneOrMany('tag', text(60), 'tag must be a tag (1 to 60 characters)').optional(),
  source: oneOrMany('source', text(100), 'source must be a source (1 to 100 characters)').optional(),
  site: oneOrMany('site', isUuid, 'site must be a site id').optional(),
  agentId: oneOrMany('agentId', (v) => v === 'none' || isUuid(v), "agentId must be an agent's id or none").optional(),
  q: z.string().max(100).optional(),
  contacted: oneOf(['yes', 'no'], 'contacted must be yes or no').optional(),
  notContactedHours: z.string({ error: NOT_CONTACTED_MESSAGE }).optional(),
  lastActivity: z.string({ error: windowMessage('lastActivity') }).optional(),
  lastContact: z.string({ error: windowMessage('lastContact') }).optional(),
  created: z.string({ error: windowMessage('created') }).optional(),
  task: oneOf(['overdue'], 'task must be overdue').optional(),
  scoreMin: z
    .string({ error: SCORE_MIN_MESSAGE })
    .refine((v) => /^\s*(100|\d{1,2})\s*$/.test(v), { error: SCORE_MIN_MESSAGE })
    .optional(),
  sort: z.string({ error: SORT_MESSAGE }).optional(),
};

export const LeadsQuery = z.strictObject({ page: pageNumber.optional(), perpage: perPage.optional(), ...LeadFilterFields });
export const SavedLeadFilters = z.strictObject(LeadFilterFields);
export type LeadFilterQuery = z.infer<typeof SavedLeadFilters>;
