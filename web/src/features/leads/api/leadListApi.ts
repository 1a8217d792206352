import { request } from '../../../api/http';
import { type Filters, filtersToParams, savedForm } from '../../../lib/leadFilters';

/** A smart list as GET /api/dashboard/smartlists answers it: its saved filters and how many of the viewer's leads it holds now. */
export type SmartList = {
  readonly listId: string;
  readonly name: string;
  readonly filters: Readonly<Record<string, string | readonly string[]>>;
  readonly builtIn: boolean;
  readonly count: number | null;
};

/** What the filter bar offers: the stages, tags and sites of the viewer's leads. */
export type Facets = { readonly stages: readonly string[]; readonly tags: readonly string[]; readonly sites: readonly { readonly siteId: string; readonly site: string | null; readonly siteName: string | null }[] };

export const leadListApi = {
  facets: () => request<Facets>('GET', '/api/dashboard/feed/facets'),
  smartLists: () => request<{ lists: readonly SmartList[] }>('GET', '/api/dashboard/smartlists', undefined, { unique: true }),
  saveSmartList: (name: string, filters: Filters, listId?: string) => request<SmartList>('POST', '/api/dashboard/smartlists', { name, filters: savedForm(filters), ...(listId ? { listId } : {}) }),
  deleteSmartList: (listId: string) => request<void>('DELETE', `/api/dashboard/smartlists/${encodeURIComponent(listId)}`),
  /** The CSV of the leads these filters show (a plain link: the browser downloads it as the server streams it). */
  exportUrl: (f: Filters) => {
    const q = filtersToParams(f).toString();
    return `/api/dashboard/leads/export.csv${q ? `?${q}` : ''}`;
  },
};
