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
export type Notebook = { readonly notebookId: string; readonly name: string; readonly focused: boolean };
export type OrganizerHeaders = { readonly listings: readonly KeptListing[]; readonly notebooks: readonly Notebook[] };

export const savedSearches = () => request<{ searches: SavedSearch[] }>('GET', '/api/organizer/searches');
export const changeSavedSearch = (searchId: string, change: { name?: string; frequency?: AlertFrequency }) =>
  request<void>('POST', `/api/organizer/searches/${encodeURIComponent(searchId)}`, change);
export const deleteSavedSearch = (searchId: string) => request<void>('DELETE', `/api/organizer/searches/${encodeURIComponent(searchId)}`);
/** What the lead keeps on these listings (one request for a whole results page), or on all (null), and the notebooks. */
export const organizerHeaders = (pdids: readonly string[] | null) =>
  request<OrganizerHeaders>('GET', `/api/organizer/headers${pdids ? `?pdids=${pdids.map(encodeURIComponent).join(',')}` : ''}`);
export const setFavorite = (pdid: string, favorite: boolean) => request<void>('POST', '/api/organizer/favorite', { pdid, favorite });
