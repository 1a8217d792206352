import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the integration tests share. */
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL server for the whole run: TEST_DATABASE_URL if given, otherwise an
 * embedded server in a temporary directory (fsync off: tests need speed, not durability).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return async () => undefined;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-test-'));
  const server = await startEmbeddedPostgres(dir, { fsync: false });
  project.provide('pgAdminUrl', server.url);
  return async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
