import type pg from 'pg';
import { ensureAdapterIndexes } from '../../projections/search';

/**
 * An instance that answers searches from the PostgreSQL search tables (SEARCH_INDEX=postgres, or
 * meilisearch, whose listing picker reads them): it asks the database for the PostgreSQL adapter's
 * indexes before its read models create their tables (so a first start, a bulk load and a rebuild
 * build them), then builds those the live table lacks (a database the in-memory index's instances
 * made) before it serves. See docs/search.md, "Which indexes exist when".
 */
export async function wantSearchAdapterIndexes(pool: pg.Pool): Promise<void> {
  await pool.query('INSERT INTO search_adapter_wanted DEFAULT VALUES ON CONFLICT DO NOTHING');
  await ensureAdapterIndexes(pool);
}
