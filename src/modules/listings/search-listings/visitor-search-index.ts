import type { SearchIndex } from '../../../../projections/search';

/**
 * One visitor search's view of the index: the same adapter over the search pool (SEARCH_POOL:
 * bounded, every statement under SEARCH_STATEMENT_TIMEOUT_MS), its statements one after another
 * on one connection, taken at the first and given back by close(). The plain SearchIndex, on the
 * main pool, stays for the product's own reads (alerts, notebooks, mail).
 */
export type VisitorSearch = { readonly index: SearchIndex; close(): void };
export type OpenVisitorSearch = () => VisitorSearch;
export const OPEN_VISITOR_SEARCH = Symbol('OPEN_VISITOR_SEARCH');
