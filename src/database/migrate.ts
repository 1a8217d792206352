import type pg from 'pg';
import { logger } from '../shared/logger';
import { migrations as all } from './migrations';
import type { Migration } from './migrations/migration';

const log = logger('migrate');

// Any fixed number; it keeps two processes starting at once from migrating twice.
const MIGRATION_LOCK = 7_407_001;

/** Runs every migration not yet applied, each in its own transaction, each exactly once. */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = all): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ id: number }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.up);
        await client.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.id} (${m.name}) failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      applied.push(m.id);
      log.info('applied migration', { id: m.id, name: m.name });
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
