import { searchIndexConformance } from '../search-index.conformance';
import { PostgresSearchIndex } from './postgres-search-index';
import { searchProjection } from './search-listings.projection';

searchIndexConformance('PostgreSQL', async ({ db }) => ({ projections: [searchProjection], index: new PostgresSearchIndex(db.pool) }));
// Every box walked along the sort's B-tree where the estimate says so, as at scale (the dataset's boxes are under BOX_READ_MAX).
searchIndexConformance('PostgreSQL, boxes walked', async ({ db }) => ({
  projections: [searchProjection],
  index: new PostgresSearchIndex(db.pool, undefined, 0),
}));
