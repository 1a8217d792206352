import type pg from 'pg';
import { addAdapterIndexes } from './search-indexes';

/**
 * Builds on the live search table the PostgreSQL adapter's indexes it lacks (a table made while
 * no instance had asked for them: src/app/search-adapter.ts), beside the live writes and reads
 * (CONCURRENTLY). One instance builds at a time (an advisory lock): another waits, then finds them
 * built. A bulk load or rebuild running meanwhile reads the wish when its own indexes are built.
 */
export async function ensureAdapterIndexes(pool: pg.Pool): Promise<void> {
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
