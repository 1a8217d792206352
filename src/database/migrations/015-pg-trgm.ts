import type { Migration } from './migration';

/**
 * Trigram indexes (pg_trgm) serve text searches of several read models (members, the lead list).
 * Created once here, before any projection builds its tables: projections creating it themselves
 * at the same moment on a fresh database collide on the extension's name.
 */
export const pgTrgm: Migration = {
  id: 15,
  name: 'pg-trgm',
  up: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
`,
};
