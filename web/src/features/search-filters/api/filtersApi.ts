import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';

export const autocomplete = (term: string, type = 'kw', includeSearches = false) =>
  api(contract.search.autocomplete, { params: { type, term: term.trim() }, query: { IncludeSearches: includeSearches ? 1 : 0 } }, { unique: true });

/** Whether the feed has homes for sale and leases (asked once per page load: the For sale / For rent switch). */
let markets: Promise<{ forSale: boolean; forRent: boolean }> | undefined;
export const searchMarkets = () => (markets ??= api(contract.search.markets).catch(() => ({ forSale: true, forRent: false })));
