import type { Criteria } from '../../../../../src/contract/search';
import { cleanCriteria, isCriteriaField } from './criteria';

export type SearchView = 'list' | 'split' | 'map';

/** What a search address holds: the view, the criteria and the one-shot UI parameters. */
export type SearchRoute = {
  readonly view: SearchView;
  readonly criteria: Criteria;
  /** advanced=1 opens the filters panel on load. */
  readonly advanced: boolean;
  /** forceopen=N opens the Nth listing of the stored result sequence (1-based). */
  readonly forceOpen: number | null;
  readonly showSignIn: boolean;
  /** Parameters that are neither criteria nor ours (lang, src, ...): carried along untouched. */
  readonly passthrough: Readonly<Record<string, string>>;
};

export const VIEW_PATHS: Record<SearchView, string> = { list: '/search', split: '/search/split', map: '/search/map' };

const ONE_SHOT = new Set(['advanced', 'forceopen', 'showSignIn', 'type', 'reset']);
/** Kept across searches: the rest of the spec's query parameters that are not criteria. */
const CARRIED = new Set(['lang', 'src', 'mobilehideviews']);

export const isSearchPath = (pathname: string): boolean => /^\/search(\/(split|map))?\/?$/.test(pathname);

export function viewOf(pathname: string, type: string | null): SearchView {
  const p = pathname.replace(/\/$/, '');
  if (p === '/search/split') return 'split';
  if (p === '/search/map') return 'map';
  if (type === 'map' || type === 'split') return type;
  return 'list';
}

export function parseSearchUrl(pathname: string, search: string): SearchRoute {
  const params = new URLSearchParams(search);
  const criteria: Record<string, string> = {};
  const passthrough: Record<string, string> = {};
  for (const [k, v] of params) {
    if (isCriteriaField(k)) criteria[k] = v;
    else if (CARRIED.has(k)) passthrough[k] = v;
  }
  const force = Number(params.get('forceopen'));
  return {
    view: viewOf(pathname, params.get('type')),
    criteria: cleanCriteria(criteria),
    advanced: params.get('advanced') === '1',
    forceOpen: Number.isInteger(force) && force > 0 ? force : null,
    showSignIn: params.get('showSignIn') === '1',
    passthrough,
  };
}

export function buildSearchUrl(r: SearchRoute): string {
  const params = new URLSearchParams(cleanCriteria(r.criteria));
  for (const [k, v] of Object.entries(r.passthrough)) if (!ONE_SHOT.has(k)) params.set(k, v);
  if (r.advanced) params.set('advanced', '1');
  if (r.forceOpen !== null) params.set('forceopen', String(r.forceOpen));
  if (r.showSignIn) params.set('showSignIn', '1');
  const qs = params.toString();
  return VIEW_PATHS[r.view] + (qs ? `?${qs}` : '');
}

/**
 * The address after a search: the server's canonical searchUrl (its query string), on the path of
 * the view being shown, with the carried parameters; one-shot parameters have done their job.
 */
export function urlAfterSearch(view: SearchView, searchUrl: string, passthrough: Readonly<Record<string, string>>): string {
  const u = new URL(searchUrl || '/search', 'http://x');
  const criteria: Record<string, string> = {};
  for (const [k, v] of u.searchParams) if (!ONE_SHOT.has(k)) criteria[k] = v;
  const params = new URLSearchParams(criteria);
  for (const [k, v] of Object.entries(passthrough)) params.set(k, v);
  const qs = params.toString();
  return VIEW_PATHS[view] + (qs ? `?${qs}` : '');
}

/** The same criteria in another view (the list / split / map switch). */
export const viewUrl = (view: SearchView, criteria: Criteria, passthrough: Readonly<Record<string, string>> = {}): string => {
  // Paging belongs to the list being left: the map always shows page 1 with the pin cap.
  const { page: _page, perpage: _perpage, ...rest } = criteria;
  return buildSearchUrl({ view, criteria: rest, advanced: false, forceOpen: null, showSignIn: false, passthrough });
};
