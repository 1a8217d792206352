import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

/** The typed client of the organizer (issue 8): saved searches and what the lead keeps. */
export type { AlertFrequency, KeptListing, ListingBrief, Notebook, OrganizerHeaders, SavedSearch } from '../../../src/contract/organizer';
import type { AlertFrequency } from '../../../src/contract/organizer';

export const savedSearches = () => api(contract.organizer.searches);
export const changeSavedSearch = (searchId: string, change: { name?: string; frequency?: AlertFrequency }) =>
  api(contract.organizer.changeSearch, { params: { searchId }, body: change });
export const deleteSavedSearch = (searchId: string) => api(contract.organizer.deleteSearch, { params: { searchId } });
/** What the lead keeps on these listings (one request for a whole results page), or on all (null), and the notebooks; `briefs` adds each listing's brief. */
export const organizerHeaders = (pdids: readonly string[] | null, briefs = false) =>
  api(contract.organizer.headers, { query: { pdids: pdids ? pdids.join(',') : undefined, listing: briefs ? '1' : undefined } });
export const setFavorite = (pdid: string, favorite: boolean) => api(contract.organizer.favorite, { body: { pdid, favorite } });
