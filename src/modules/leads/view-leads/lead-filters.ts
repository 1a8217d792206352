import { validation } from '../../../shared/errors';
import { DEFAULT_STAGES } from '../../office/office.events';
import type { LeadFilters, TimeRange } from '../../../../projections/lead-feed';
import { type LeadFilterQuery, NOT_CONTACTED_MESSAGE, SORT_KEYS, SORT_MESSAGE, windowMessage } from '../../../contract/lead-filters';

export { LeadFilterFields, type LeadFilterQuery, LeadsQuery, SavedLeadFilters, SORT_KEYS } from '../../../contract/lead-filters';

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
