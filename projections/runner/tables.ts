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
  for (const t of p.tables) {
    await tx.query(`DROP TABLE IF EXISTS ${t}${OLD_SUFFIX} CASCADE`);
    await tx.query(`ALTER TABLE IF EXISTS ${t} RENAME TO ${t}${OLD_SUFFIX}`);
    await tx.query(`ALTER TABLE ${rebuildTable(t)} RENAME TO ${t}`);
    await tx.query(`DROP TABLE IF EXISTS ${t}${OLD_SUFFIX} CASCADE`);
  }
}
