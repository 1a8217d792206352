import type pg from 'pg';
import { addAdapterIndexes } from './search-indexes';

/**
 * Asks this database for the PostgreSQL adapter's indexes (SEARCH_INDEX=postgres or meilisearch):
 * every later creation of the search tables (a first start's, a bulk load's, a rebuild's) builds
 * them. Set before the instance's read models start, so its own first start builds them with the rest.
 */
export async function wantAdapterIndexes(pool: pg.Pool): Promise<void> {
  await pool.query('INSERT INTO search_adapter_wanted DEFAULT VALUES ON CONFLICT DO NOTHING');
}

/**
 * Builds on the live search table the adapter's indexes it lacks (a database a memory-mode
 * instance made), beside the live writes and reads (CONCURRENTLY), before this instance answers
 * searches from it. One instance builds at a time (an advisory lock): another waits, then finds
 * them built. A bulk load or rebuild running meanwhile reads the wish when it builds its indexes.
 */
export async function ensureAdapterIndexes(pool: pg.Pool): Promise<void> {
  await wantAdapterIndexes(pool);
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('search adapter indexes'))`);
    try {
      const { rows } = await client.query<{ live: boolean }>(`SELECT to_regclass('search_listings') IS NOT NULL AS live`);
      if (rows[0]!.live) await addAdapterIndexes(client, 'search_listings', true);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('search adapter indexes'))`);
    }
  } finally {
    client.release();
  }
}
