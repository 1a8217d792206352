import { searchIndexConformance } from '../search-index.conformance';
import { PostgresSearchIndex } from './postgres-search-index';
import { searchProjection } from './search-listings.projection';

searchIndexConformance('PostgreSQL', async ({ db }) => ({ projections: [searchProjection], index: new PostgresSearchIndex(db.pool) }));
