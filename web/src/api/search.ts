import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';
import { request } from './http';
import type { AlertFrequency } from './organizer';
import type { AutocompleteResponse, Card, Criteria, ListingDetails, ListResponse, MapResponse } from '../../../src/contract/search';

/** The typed client of contract section 3. Searches are 'unique': a newer one aborts the older. */
const qs = (c: Criteria) => new URLSearchParams(c).toString();

export const searchList = (c: Criteria) => request<ListResponse>('GET', `/api/search?${qs(c)}`, undefined, { unique: true });

export const searchMap = (c: Criteria, type: 'map' | 'split') =>
  request<MapResponse>('POST', `/api/search/${type}`, { ...c, type }, { unique: true, uniqueKey: '/api/search/map+split' });

export const searchResult = (pdid: string) => request<Card>('GET', `/api/search/result/${encodeURIComponent(pdid)}`, undefined, { unique: true });

export const listingDetails = (pdid: string) => request<ListingDetails>('GET', `/api/details/${encodeURIComponent(pdid)}`, undefined, { unique: true });

export const autocomplete = (term: string, type = 'kw', includeSearches = false) =>
  request<AutocompleteResponse>('GET', `/api/search/autocomplete/${type}/${encodeURIComponent(term.trim())}/?IncludeSearches=${includeSearches ? 1 : 0}`, undefined, {
    unique: true,
    uniqueKey: '/api/search/autocomplete',
  });

export const resultPdids = (c: Criteria) => request<{ pdids: string[] }>('POST', '/api/search/pdids', c, { unique: true });

export const saveSearch = (c: Criteria, name: string, frequency: AlertFrequency) =>
  api(contract.organizer.saveSearch, { body: { ...c, filtersAsString: JSON.stringify(c), name, frequency } });

/** Broken-photo report; the answer is ignored (spec section 7). */
export const reportBrokenPhoto = (p: { pdid: string; url: string; mlsid: string | null }) =>
  request<void>('POST', '/api/photo', { pdid: p.pdid, url: p.url, mlsid: p.mlsid ?? '', status: 'broken' }).catch(() => undefined);

/** Whether the feed has homes for sale and leases (asked once per page load: the For sale / For rent switch). */
let markets: Promise<{ forSale: boolean; forRent: boolean }> | undefined;
export const searchMarkets = () => (markets ??= request<{ forSale: boolean; forRent: boolean }>('GET', '/api/search/markets').catch(() => ({ forSale: true, forRent: false })));
