import { searchIndexConformance } from '../search-index.conformance';
import { wantSearchAdapterIndexes } from '../../../src/app/search-adapter';
import { PostgresSearchIndex } from './postgres-search-index';
import { searchProjection } from './search-listings.projection';

// An instance with SEARCH_INDEX=postgres starting on a database the in-memory index's instances
// loaded: it builds the adapter's indexes on the loaded table before answering.
searchIndexConformance('PostgreSQL', async ({ db }) => ({
  projections: [searchProjection],
  index: new PostgresSearchIndex(db.pool),
  ready: () => wantSearchAdapterIndexes(db.pool),
}));
// Every box walked along the sort's B-tree where the estimate says so, as at scale (the dataset's
// boxes are under BOX_READ_MAX); the adapter asked for before the tables are made, as on a first start.
searchIndexConformance('PostgreSQL, boxes walked', async ({ db }) => {
  await wantSearchAdapterIndexes(db.pool);
  return { projections: [searchProjection], index: new PostgresSearchIndex(db.pool, undefined, 0) };
});
