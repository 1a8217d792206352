import type pg from 'pg';
import type { Projection } from './projection';

export const REBUILD_SUFFIX = '__rebuild';
const OLD_SUFFIX = '__old';

export const liveTable = (base: string): string => base;
export const rebuildTable = (base: string): string => base + REBUILD_SUFFIX;

export async function createFreshTables(tx: pg.ClientBase, p: Projection, name: (base: string) => string): Promise<void> {
  for (const t of p.tables) await tx.query(`DROP TABLE IF EXISTS ${name(t)} CASCADE`);
  await p.createTables(tx as pg.PoolClient, name);
}

export async function dropTables(tx: pg.ClientBase, p: Projection, name: (base: string) => string): Promise<void> {
  for (const t of p.tables) await tx.query(`DROP TABLE IF EXISTS ${name(t)} CASCADE`);
}

/** Puts the rebuilt copies in place of the live tables, inside the caller's transaction. */
export async function swapInRebuiltTables(tx: pg.ClientBase, p: Projection): Promise<void> {
  await lockLiveTables(tx, p.tables);
  for (const t of p.tables) {
    await tx.query(`DROP TABLE IF EXISTS ${t}${OLD_SUFFIX} CASCADE`);
    await tx.query(`ALTER TABLE IF EXISTS ${t} RENAME TO ${t}${OLD_SUFFIX}`);
    await tx.query(`ALTER TABLE ${rebuildTable(t)} RENAME TO ${t}`);
    await tx.query(`DROP TABLE IF EXISTS ${t}${OLD_SUFFIX} CASCADE`);
  }
}

/**
 * Takes every live table before renaming any. Renaming them one by one, the swap held one table
 * while a reader of two (a map's cells and listings) held the other: a deadlock, which failed the
 * reader. Here the swap waits at most 50 ms for all of them at once, else lets go and tries again,
 * so a reader never waits on a swap that waits on it.
 */
async function lockLiveTables(tx: pg.ClientBase, tables: readonly string[]): Promise<void> {
  const { rows } = await tx.query<{ t: string }>('SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL', [tables]);
  if (rows.length === 0) return;
  for (;;) {
    await tx.query('SAVEPOINT swap_lock');
    try {
      await tx.query(`SET LOCAL lock_timeout = '50ms'`);
      await tx.query(`LOCK TABLE ${rows.map((r) => r.t).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await tx.query('SET LOCAL lock_timeout = DEFAULT');
      await tx.query('RELEASE SAVEPOINT swap_lock');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55P03') throw err;
      await tx.query('ROLLBACK TO SAVEPOINT swap_lock');
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
}
