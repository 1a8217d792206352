import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool } from '../../src/database/database';
import { migrate } from '../../src/database/migrate';

export type ScratchDatabase = { readonly url: string; readonly pool: pg.Pool; drop(): Promise<void> };

/**
 * A fresh database on the server of `adminUrl` (tests and benchmarks), with the product's pool,
 * migrated unless told not to; `drop` closes the pool and removes it.
 */
export async function createDatabaseOn(adminUrl: string, opts: { prefix: string; poolSize: number; migrate?: boolean }): Promise<ScratchDatabase> {
  const name = `${opts.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), opts.poolSize);
  if (opts.migrate !== false) await migrate(pool);
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end().catch(() => undefined);
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
