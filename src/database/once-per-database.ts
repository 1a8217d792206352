import type pg from 'pg';

// Any fixed seed: the backfill's id is hashed under it into its advisory lock.
const BACKFILL_LOCK_SEED = 7_407_061;

/**
 * Runs a one-time backfill once per database (table one_time_backfills, migration 61), whichever
 * instance or process starts first: under an advisory lock held for its whole run, so that a second
 * instance starting meanwhile waits and then finds it done. `run` answers how many items it touched
 * (recorded with it). True when it ran now, false when it was done before.
 */
export async function oncePerDatabase(pool: pg.Pool, id: string, run: () => Promise<number>): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, $2))', [id, BACKFILL_LOCK_SEED]);
    try {
      const done = await client.query('SELECT 1 FROM one_time_backfills WHERE id = $1', [id]);
      if (done.rowCount) return false;
      const items = await run();
      await client.query('INSERT INTO one_time_backfills (id, items) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, items]);
      return true;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, $2))', [id, BACKFILL_LOCK_SEED]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
