import { PostgresSearchIndex } from '../postgres/postgres-search-index';
import { searchProjection } from '../postgres/search-listings.projection';
import { searchIndexConformance } from '../search-index.conformance';
import { MemorySearchIndex } from './memory-search-index';

// The reference test the PostgreSQL adapter passes, against the in-memory index (the default):
// it folds the log itself; cards come from the PostgreSQL search table, so that projection runs too.
let index: MemorySearchIndex | undefined;

searchIndexConformance(
  'In-memory',
  async ({ db, store }) => {
    index = new MemorySearchIndex(store, new PostgresSearchIndex(db.pool));
    await index.start();
    return { projections: [searchProjection], index };
  },
  async () => {
    await index?.stop();
  },
);
