// The Meilisearch adapter of the SearchIndex port (SEARCH_INDEX=meilisearch) and the projection that feeds it.
export { MeiliSearch } from './meili-client';
export { MeiliSearchIndex } from './meili-search-index';
export { meiliSearchProjection } from './meili-search.projection';
