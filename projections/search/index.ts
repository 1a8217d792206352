// The search read model as the rest may use it: the SearchIndex port, its in-memory (default), PostgreSQL and Meilisearch adapters,
// the criteria it answers and how a request's criteria are read, and the map's cell geometry.
export * from './search-index.port';
export * from './search-criteria';
export * from './search-request';
export { boxAround, CELL_LEVEL, cellOf, cellsOf, cellSize } from './geo';
export { pinsBesideClusters } from './pins-beside-clusters';
export { keywordWords, normalizeCounty, normalizeName, zip5Of } from './search-terms';
export { PostgresSearchIndex, type Queryable } from './postgres/postgres-search-index';
export { searchProjection } from './postgres/search-listings.projection';
export { ensureAdapterIndexes } from './postgres/adapter-indexes';
export { type AgentListingsPage, type AgentListingsQuery, agentListings, listAgentMlsIdOf } from './postgres/agent-listings.query';
export { type AreaMarket, areaMarket } from './postgres/area-market.query';
export { activeListingsOf, type Area, areasOf, type SitemapListing, sitemapFileStart, sitemapFileStarts, sitemapListings } from './postgres/public-pages.query';
export { MeiliSearch, MeiliSearchIndex, meiliSearchProjection } from './meilisearch';
export { MemorySearchIndex, snapshotIdentity } from './memory';
export { listingAtAddress, type SoldListingRow, soldListingsAround } from './postgres/sold-listings.query';
export { type NewListingRow, newListingsAround } from './postgres/new-listings.query';
