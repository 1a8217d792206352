import { contract } from '../../../../../src/contract/routes';
import type { Criteria } from '../../../../../src/contract/search';
import { api } from '../../../api/contract-client';

/** The search page's reads of contract section 3. Searches are 'unique': a newer one aborts the older. */
export const searchList = (c: Criteria) => api(contract.search.list, { query: c }, { unique: true });

/** Map and split share one 'unique' key: the newer of either aborts the older. */
export const searchMap = (c: Criteria, type: 'map' | 'split') =>
  api(type === 'map' ? contract.search.map : contract.search.split, { body: { ...c, type } }, { unique: true, uniqueKey: '/api/search/map+split' });

export const searchResult = (pdid: string) => api(contract.search.result, { params: { pdid } }, { unique: true });
