// What the search page's features (results, filters, saved searches) and the listing page share: the criteria and the search's address.
export * from './utils/criteria';
export * from './utils/filterOptions';
export * from './utils/mapCriteria';
export * from './utils/searchConstants';
export * from './utils/searchUrl';
export * from './utils/soldRules';
export * from './utils/tags';
