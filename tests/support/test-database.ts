import type pg from 'pg';
import { inject } from 'vitest';
import { createDatabaseOn } from './database-on-server';

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
  return createDatabaseOn(adminUrl, { prefix: 't', poolSize: opts.poolSize ?? 20, migrate: opts.migrate });
}
