/**
 * The SearchIndex that visitors' searches go through: the same adapter over the search pool
 * (SEARCH_POOL: bounded, every statement under SEARCH_STATEMENT_TIMEOUT_MS). The plain
 * SearchIndex, on the main pool, stays for the product's own reads (alerts, notebooks, mail).
 */
export const VISITOR_SEARCH_INDEX = Symbol('VISITOR_SEARCH_INDEX');
