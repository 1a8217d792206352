import { api, urlOf } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { SmartList } from '../../../../../src/contract/smart-lists';
import type { Facets } from '../../../../../src/contract/leads';
import { type Filters, filtersToParams, savedForm } from '../../../lib/leadFilters';

export type { SmartList };

export type { Facets };

export const leadListApi = {
  facets: () => api(contract.leads.facets),
  smartLists: () => api(contract.insights.smartLists, undefined, { unique: true }),
  saveSmartList: (name: string, filters: Filters, listId?: string) =>
    api(contract.insights.saveSmartList, { body: { name, filters: savedForm(filters), ...(listId ? { listId } : {}) } }),
  deleteSmartList: (listId: string) => api(contract.insights.deleteSmartList, { params: { listId } }),
  /** The CSV of the leads these filters show (a plain link: the browser downloads it as the server streams it). */
  exportUrl: (f: Filters) => {
    const q = filtersToParams(f).toString();
    return `${urlOf(contract.leadTransfer.exportCsv)}${q ? `?${q}` : ''}`;
  },
};
