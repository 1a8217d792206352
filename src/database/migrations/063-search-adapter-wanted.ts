import type { Migration } from './migration';

/**
 * Whether an instance of this database answers searches from the PostgreSQL search tables
 * (SEARCH_INDEX=postgres or meilisearch): one row once one has. The search tables then carry the
 * PostgreSQL adapter's indexes (projections/search/postgres/search-indexes.ts); with the in-memory
 * index alone they carry only what its other readers use. A plain table: a rebuild must not forget it.
 */
export const searchAdapterWanted: Migration = {
  id: 63,
  name: 'search-adapter-wanted',
  up: `
CREATE TABLE search_adapter_wanted (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  since timestamptz NOT NULL DEFAULT now()
);
`,
};
