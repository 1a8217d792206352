/**
 * The lead list's filters as the address bar and GET /api/dashboard/leads carry them (the same
 * names, so a filtered list is a link, and a smart list saves exactly these). Several values of
 * one filter mean any of them.
 */
export type Filters = {
  readonly stage?: readonly string[];
  readonly tag?: readonly string[];
  readonly source?: readonly string[];
  readonly site?: readonly string[];
  readonly agentId?: readonly string[];
  readonly q?: string;
  readonly status?: 'new' | 'contacted';
  readonly contacted?: 'yes' | 'no';
  readonly notContactedHours?: string;
  readonly lastActivity?: string;
  readonly lastContact?: string;
  readonly created?: string;
  /** 'overdue': leads with a task past due (the "Overdue tasks" smart list). */
  readonly task?: 'overdue';
  /** The lead score (issue 19) at least this, 0 to 100. */
  readonly scoreMin?: string;
  readonly sort?: string;
};

const LISTS = ['stage', 'tag', 'source', 'site', 'agentId'] as const;
const SINGLES = ['q', 'status', 'contacted', 'notContactedHours', 'lastActivity', 'lastContact', 'created', 'task', 'scoreMin', 'sort'] as const;
export const FILTER_KEYS: readonly (keyof Filters)[] = [...LISTS, ...SINGLES];

/** The filters in a query string (other parameters, like `lead`, are left alone). */
export function filtersFromParams(params: URLSearchParams): Filters {
  const f: Record<string, unknown> = {};
  for (const k of LISTS) {
    const values = [...new Set(params.getAll(k).filter((v) => v.trim() !== ''))];
    if (values.length) f[k] = values;
  }
  for (const k of SINGLES) {
    const v = params.get(k);
    if (v !== null && v.trim() !== '') f[k] = v;
  }
  if (f.status !== undefined && f.status !== 'new' && f.status !== 'contacted') delete f.status;
  if (f.contacted !== undefined && f.contacted !== 'yes' && f.contacted !== 'no') delete f.contacted;
  if (f.task !== undefined && f.task !== 'overdue') delete f.task;
  return f as Filters;
}

/** The filters as query parameters, in one order (so equal filters make equal links). */
export function filtersToParams(f: Filters, into = new URLSearchParams()): URLSearchParams {
  for (const k of FILTER_KEYS) into.delete(k);
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (Array.isArray(v)) for (const x of v as readonly string[]) into.append(k, x);
    else if (typeof v === 'string' && v !== '') into.set(k, v);
  }
  return into;
}

/** A smart list's saved filters (`{stage: "New"}` or `{tag: ["a", "b"]}`) as Filters. */
export function filtersFromSaved(saved: Readonly<Record<string, string | readonly string[]>>): Filters {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(saved)) for (const x of Array.isArray(v) ? v : [v as string]) p.append(k, x);
  return filtersFromParams(p);
}

/** The filters as a smart list saves them: one value as a string, several as a list. */
export function savedForm(f: Filters): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (Array.isArray(v)) out[k] = v.length === 1 ? (v[0] as string) : [...(v as string[])];
    else if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}

export const sameFilters = (a: Filters, b: Filters): boolean => filtersToParams(a).toString() === filtersToParams(b).toString();

/** How many filters are set, the text search and the sort not counted (for the "Filters (3)" button). */
export const activeFilterCount = (f: Filters): number => FILTER_KEYS.filter((k) => k !== 'q' && k !== 'sort' && f[k] !== undefined).length;

/**
 * Whether a pushed lead can be placed in the list as it stands (newest activity first, and
 * filters the page can check itself); otherwise the page asks the server again.
 */
export const placesPushedLeads = (f: Filters): boolean =>
  (f.sort === undefined || f.sort === '-lastActivity') &&
  FILTER_KEYS.every((k) => k === 'q' || k === 'sort' || k === 'status' || k === 'source' || f[k] === undefined);

/** The lead list's filter on a lead in hand, for the filters placesPushedLeads allows. */
export const matchesSimple = (
  l: { readonly fullName: string; readonly email: string; readonly phone: string | null; readonly source: string; readonly status: string },
  f: Filters,
): boolean =>
  (!f.status || l.status === f.status) &&
  (!f.source?.length || f.source.includes(l.source)) &&
  (!f.q || [l.fullName, l.email, l.phone ?? ''].some((v) => v.toLowerCase().includes(f.q!.toLowerCase())));
