import { contract } from '../../../src/contract/routes';
import type { AlertFrequency } from '../../../src/contract/organizer';
import type { Criteria } from '../../../src/contract/search';
import { api } from './contract-client';

/** The typed client of contract section 3. Searches are 'unique': a newer one aborts the older. */
export const searchList = (c: Criteria) => api(contract.search.list, { query: c }, { unique: true });

/** Map and split share one 'unique' key: the newer of either aborts the older. */
export const searchMap = (c: Criteria, type: 'map' | 'split') => api(type === 'map' ? contract.search.map : contract.search.split, { body: { ...c, type } }, { unique: true, uniqueKey: '/api/search/map+split' });

export const searchResult = (pdid: string) => api(contract.search.result, { params: { pdid } }, { unique: true });

export const listingDetails = (pdid: string) => api(contract.search.details, { params: { pdid } }, { unique: true });

export const autocomplete = (term: string, type = 'kw', includeSearches = false) =>
  api(contract.search.autocomplete, { params: { type, term: term.trim() }, query: { IncludeSearches: includeSearches ? 1 : 0 } }, { unique: true });

export const resultPdids = (c: Criteria) => api(contract.search.pdids, { body: c }, { unique: true });

export const saveSearch = (c: Criteria, name: string, frequency: AlertFrequency) =>
  api(contract.organizer.saveSearch, { body: { ...c, filtersAsString: JSON.stringify(c), name, frequency } });

/** Broken-photo report; the answer is ignored (spec section 7). */
export const reportBrokenPhoto = (p: { pdid: string; url: string; mlsid: string | null }) =>
  api(contract.search.reportPhoto, { body: { pdid: p.pdid, url: p.url, mlsid: p.mlsid ?? '', status: 'broken' } }).catch(() => undefined);

/** Whether the feed has homes for sale and leases (asked once per page load: the For sale / For rent switch). */
let markets: Promise<{ forSale: boolean; forRent: boolean }> | undefined;
export const searchMarkets = () => (markets ??= api(contract.search.markets).catch(() => ({ forSale: true, forRent: false })));
