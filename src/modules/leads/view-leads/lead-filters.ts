import { z } from 'zod';
import { validation } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import { DEFAULT_STAGES } from '../../office/office.events';
import type { LeadFilters, LeadSortKey, TimeRange } from '../../../../projections/lead-feed';

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
const SORT_MESSAGE = 'sort must be lastActivity, created, name, lastContact or score, with - in front for descending (e.g. -created)';
const SCORE_MIN_MESSAGE = 'scoreMin must be a whole number from 0 to 100';
const NOT_CONTACTED_MESSAGE = 'notContactedHours must be a whole number of hours from 1 to 8760';
const windowMessage = (name: string) => `${name} must be like 7d (in the last 7 days), >30d (more than 30 days ago) or 2026-01-01..2026-01-31`;

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
  scoreMin: z.string({ error: SCORE_MIN_MESSAGE }).refine((v) => /^\s*(100|\d{1,2})\s*$/.test(v), { error: SCORE_MIN_MESSAGE }).optional(),
  sort: z.string({ error: SORT_MESSAGE }).optional(),
};

export const LeadsQuery = z.strictObject({ page: pageNumber.optional(), perpage: perPage.optional(), ...LeadFilterFields });
export const SavedLeadFilters = z.strictObject(LeadFilterFields);
export type LeadFilterQuery = z.infer<typeof SavedLeadFilters>;

const HOUR = 3_600_000;
const UNIT_HOURS = { h: 1, d: 24, w: 24 * 7 } as const;
const MAX_HOURS = 24 * 3660;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date (a whole day in UTC; as the end of a range, through that day) or a date-time with its zone. */
function instantOf(s: string, end: boolean): Date | null {
  const day = DAY.exec(s);
  if (day) {
    const d = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + (end ? 1 : 0)));
    const check = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return check.getUTCMonth() === Number(day[2]) - 1 && check.getUTCDate() === Number(day[3]) ? d : null;
  }
  if (!INSTANT.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A time window: `7d` / `24h` / `2w` (in the last …), `>30d` (more than … ago), or a range
 * `FROM..TO` of dates or date-times, either end open (`2026-01-01..`). Relative to `now`.
 */
export function timeWindow(name: string, value: string, now: Date): TimeRange {
  const v = value.trim();
  const rel = /^(>)?([1-9]\d{0,4})([hdw])$/.exec(v);
  if (rel) {
    const hours = Number(rel[2]) * UNIT_HOURS[rel[3] as keyof typeof UNIT_HOURS];
    if (hours > MAX_HOURS) throw validation(windowMessage(name));
    const edge = new Date(now.getTime() - hours * HOUR);
    return rel[1] ? { to: edge } : { from: edge };
  }
  const ends = v.split('..');
  if (ends.length !== 2 || (!ends[0] && !ends[1])) throw validation(windowMessage(name));
  const from = ends[0] ? instantOf(ends[0], false) : undefined;
  const to = ends[1] ? instantOf(ends[1], true) : undefined;
  if (from === null || to === null) throw validation(windowMessage(name));
  if (from && to && to <= from) throw validation(`${name}: the range ends before it starts`);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

const listOf = (v: string | string[] | undefined): string[] | undefined => {
  if (v === undefined) return undefined;
  const values = [...new Set((Array.isArray(v) ? v : [v]).map((x) => x.trim()))];
  return values.length ? values : undefined;
};

/** The list's filters from its query, with relative windows resolved against `now`; a bad value: 400 with what it must be. */
export function filtersOf(q: LeadFilterQuery, now: Date): LeadFilters {
  const text = q.q?.trim();
  if (text !== undefined && text.length > 0 && text.length < 2) throw validation('Search needs at least 2 characters');
  const agents = listOf(q.agentId);
  const filters: { -readonly [K in keyof LeadFilters]: LeadFilters[K] } = {
    status: q.status,
    stages: listOf(q.stage),
    tags: listOf(q.tag),
    sources: listOf(q.source),
    siteIds: listOf(q.site)?.map((s) => s.toLowerCase()),
    agentIds: agents?.filter((a) => a !== 'none').map((a) => a.toLowerCase()),
    unassigned: agents?.includes('none') || undefined,
    q: text || undefined,
    contacted: q.contacted === undefined ? undefined : q.contacted === 'yes',
  };
  if (q.notContactedHours !== undefined) {
    const hours = /^\d{1,4}$/.test(q.notContactedHours.trim()) ? Number(q.notContactedHours.trim()) : 0;
    if (hours < 1 || hours > 8760) throw validation(NOT_CONTACTED_MESSAGE);
    filters.notContactedSince = new Date(now.getTime() - hours * HOUR);
  }
  if (q.lastActivity !== undefined) filters.lastActivity = timeWindow('lastActivity', q.lastActivity, now);
  if (q.lastContact !== undefined) filters.lastContact = timeWindow('lastContact', q.lastContact, now);
  if (q.created !== undefined) filters.created = timeWindow('created', q.created, now);
  if (q.task === 'overdue') filters.overdueTasksAt = now;
  if (q.scoreMin !== undefined) filters.scoreMin = Number(q.scoreMin.trim());
  if (q.sort !== undefined) {
    const m = /^(-)?(\w+)$/.exec(q.sort.trim());
    const key = SORT_KEYS.find((k) => k === m?.[2]);
    if (!key) throw validation(SORT_MESSAGE);
    filters.sort = { key, desc: m![1] === '-' };
  }
  if (filters.agentIds?.length === 0) delete filters.agentIds;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as LeadFilters;
}

/** Stage names in the default pipeline's order, then the others (an office's own) alphabetically. */
export function stagesInOrder(stages: readonly string[]): string[] {
  const rank = (s: string) => {
    const i = DEFAULT_STAGES.indexOf(s);
    return i < 0 ? DEFAULT_STAGES.length : i;
  };
  return [...stages].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
