import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URLs of the PostgreSQL servers the tests use: one per vitest worker. */
    pgAdminUrls: string[];
  }
}

/**
 * Real PostgreSQL for the integration and browser tiers: TEST_DATABASE_URL if given, otherwise
 * one embedded server per worker in temporary directories (fsync off: tests need speed, not
 * durability). One server per worker matters: the global log's visibility rule looks at every
 * open transaction on the server, so test files running side by side on one server would slow
 * each other's projections down.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrls', [given]);
    return async () => undefined;
  }
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const dirs: string[] = [];
  const servers = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-test-'));
      dirs.push(dir);
      return startEmbeddedPostgres(dir, { fsync: false });
    }),
  );
  project.provide(
    'pgAdminUrls',
    servers.map((s) => s.url),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  };
}
