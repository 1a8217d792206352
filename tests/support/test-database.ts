import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool } from '../../src/database/database';
import { migrate } from '../../src/database/migrate';

export type TestDatabase = {
  readonly url: string;
  readonly pool: pg.Pool;
  drop(): Promise<void>;
};

/** A fresh, migrated database of its own for one test file (or one test). */
export async function createTestDatabase(opts: { migrate?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const urls = inject('pgAdminUrls');
  // Files in one worker run one after another, so each worker has a server to itself.
  const adminUrl = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), opts.poolSize ?? 20);
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
