import { scoreOfFeedRow } from '../lead-score';
import { leadScope, leadScopeParts, type Viewer } from '../lead-rows';

/** A span of time, `from` inclusive and `to` exclusive; either may be open. */
export type TimeRange = { readonly from?: Date; readonly to?: Date };
export type LeadSortKey = 'lastActivity' | 'created' | 'name' | 'lastContact' | 'score';
export type LeadSort = { readonly key: LeadSortKey; readonly desc: boolean };

/**
 * The lead list's filters, resolved (relative times already turned into instants by the caller,
 * src/modules/leads/dashboard/lead-filters.ts). Several values of one filter mean "any of them";
 * different filters all apply.
 */
export type LeadFilters = {
  readonly status?: 'new' | 'contacted';
  readonly stages?: readonly string[];
  readonly tags?: readonly string[];
  readonly sources?: readonly string[];
  readonly siteIds?: readonly string[];
  readonly agentIds?: readonly string[];
  /** agentId=none: leads no agent holds (in the pond, or not routed yet). */
  readonly unassigned?: boolean;
  readonly q?: string;
  /** true: has a first contact; false: never contacted. */
  readonly contacted?: boolean;
  /** Nobody contacted the lead since this instant: its last contact, or (never contacted) its arrival, is older. */
  readonly notContactedSince?: Date;
  readonly lastActivity?: TimeRange;
  readonly lastContact?: TimeRange;
  readonly created?: TimeRange;
  /** Has a task not done that was due before this instant (task=overdue). */
  readonly overdueTasksAt?: Date;
  /** The lead's score (issue 19) is at least this. */
  readonly scoreMin?: number;
  readonly sort?: LeadSort;
};

/** What the text filter searches: name, e-mail and phone as one text, the expression of lead_feed's trigram index. */
export const SEARCHED_TEXT = "(f.full_name || ' ' || f.email || ' ' || coalesce(f.phone, ''))";

export const DEFAULT_SORT: LeadSort = { key: 'lastActivity', desc: true };

const SORT_COLUMN: Record<LeadSortKey, string> = {
  lastActivity: 'f.last_activity_at',
  created: 'f.created_at',
  name: 'lower(f.full_name)',
  // Never contacted counts as contacted longest ago: last when the most recent come first, first the other way.
  lastContact: 'f.last_contact_at',
  score: scoreOfFeedRow('f'),
};

/**
 * The ORDER BY of a sort, ties broken by id so that pages never overlap. Descending is `col DESC,
 * lead_id` and ascending exactly its reverse, so one index `(col DESC, lead_id)` (lead_feed's
 * indexes) serves both directions, read forwards or backwards.
 */
export function orderBy(sort: LeadSort = DEFAULT_SORT): string {
  const col = SORT_COLUMN[sort.key];
  const nulls = sort.key === 'lastContact' ? (sort.desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
  return sort.desc ? `${col} DESC${nulls}, f.lead_id` : `${col} ASC${nulls}, f.lead_id DESC`;
}

/** The SQL condition on lead_feed (alias `f`) for the viewer's scope and these filters; values go to `params`. */
export function whereOf(viewer: Viewer, f: LeadFilters, params: unknown[]): string {
  const scope = leadScope(viewer, 'f', params.length + 1);
  params.push(...scope.params);
  return [scope.sql, ...filterConditions(f, params)].join(' AND ');
}

/** The same condition as disjoint parts (see leadScopeParts), for a count to add up. */
export function wherePartsOf(viewer: Viewer, f: LeadFilters, params: unknown[]): string[] {
  const scope = leadScopeParts(viewer, 'f', params.length + 1);
  params.push(...scope.params);
  const filters = filterConditions(f, params);
  return scope.parts.map((part) => [part, ...filters].join(' AND '));
}

/** One condition per filter given, all of which must hold. */
function filterConditions(f: LeadFilters, params: unknown[]): string[] {
  const parts: string[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const anyOf = (column: string, values: readonly string[] | undefined, type = 'text') => {
    if (values?.length) parts.push(`${column} = ANY(${p(values)}::${type}[])`);
  };
  if (f.status) parts.push(`f.status = ${p(f.status)}`);
  anyOf('f.stage', f.stages);
  anyOf('f.source', f.sources);
  anyOf('f.site_id', f.siteIds, 'uuid');
  if (f.tags?.length) parts.push(`f.tags && ${p(f.tags)}::text[]`);
  const agents = f.agentIds?.length ? `f.assigned_agent_id = ANY(${p(f.agentIds)}::uuid[])` : null;
  if (agents && f.unassigned) parts.push(`(${agents} OR f.assigned_agent_id IS NULL)`);
  else if (agents) parts.push(agents);
  else if (f.unassigned) parts.push('f.assigned_agent_id IS NULL');
  if (f.q) {
    const n = p(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`${SEARCHED_TEXT} ILIKE ${n}`);
  }
  if (f.contacted !== undefined) parts.push(`f.first_contact_at IS ${f.contacted ? 'NOT ' : ''}NULL`);
  if (f.notContactedSince) parts.push(`coalesce(f.last_contact_at, f.first_contact_at, f.created_at) < ${p(f.notContactedSince)}`);
  const range = (column: string, r: TimeRange | undefined) => {
    if (r?.from) parts.push(`${column} >= ${p(r.from)}`);
    if (r?.to) parts.push(`${column} < ${p(r.to)}`);
  };
  range('f.last_activity_at', f.lastActivity);
  range('f.created_at', f.created);
  range('f.last_contact_at', f.lastContact);
  if (f.overdueTasksAt) parts.push(`EXISTS (SELECT 1 FROM lead_open_tasks t WHERE t.lead_id = f.lead_id AND NOT t.done AND t.due_at < ${p(f.overdueTasksAt)})`);
  if (f.scoreMin !== undefined) parts.push(`${scoreOfFeedRow('f')} >= ${p(f.scoreMin)}`);
  return parts;
}
