import { request } from './http';

/** The typed client of the organizer (issue 8): saved searches and what the lead keeps. */
export type AlertFrequency = 'instant' | 'daily' | 'weekly' | 'never';
export type SavedSearch = {
  readonly searchId: string;
  readonly name: string;
  readonly frequency: AlertFrequency;
  readonly searchQs: string;
  readonly searchTitle: string;
  readonly path: string;
  readonly createdAt: string;
};
export type KeptListing = { readonly pdid: string; readonly favorite: boolean; readonly note: string | null; readonly opinion: 'like' | 'dislike' | null; readonly notebooks: readonly string[] };
/** A kept home as the organizer page shows it, from the search index. */
export type ListingBrief = {
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly price: number | null;
  /** A lease: the price is its rent per month. */
  readonly forRent: boolean;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly status: string;
  readonly photo: string | null;
};
export type Notebook = { readonly notebookId: string; readonly name: string; readonly focused: boolean };
/** With listing=1 each entry has `listing` (null: no longer listed). */
export type OrganizerHeaders = { readonly listings: readonly (KeptListing & { readonly listing?: ListingBrief | null })[]; readonly notebooks: readonly Notebook[] };

export const savedSearches = () => request<{ searches: SavedSearch[] }>('GET', '/api/organizer/searches');
export const changeSavedSearch = (searchId: string, change: { name?: string; frequency?: AlertFrequency }) =>
  request<void>('POST', `/api/organizer/searches/${encodeURIComponent(searchId)}`, change);
export const deleteSavedSearch = (searchId: string) => request<void>('DELETE', `/api/organizer/searches/${encodeURIComponent(searchId)}`);
/** What the lead keeps on these listings (one request for a whole results page), or on all (null), and the notebooks; `briefs` adds each listing's brief. */
export function organizerHeaders(pdids: readonly string[] | null, briefs = false) {
  const query = [pdids && `pdids=${pdids.map(encodeURIComponent).join(',')}`, briefs && 'listing=1'].filter(Boolean).join('&');
  return request<OrganizerHeaders>('GET', `/api/organizer/headers${query ? `?${query}` : ''}`);
}
export const setFavorite = (pdid: string, favorite: boolean) => request<void>('POST', '/api/organizer/favorite', { pdid, favorite });
