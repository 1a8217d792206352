import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/spawn-server';

type Health = { status: string; projections: { name: string; position: string; lag: number }[] };

async function health(url: string): Promise<Health> {
  const res = await fetch(`${url}/health`);
  expect(res.status).toBe(200);
  return (await res.json()) as Health;
}

function postgresProcessesOn(dataDir: string): number {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes('postgres') && l.includes(dataDir) && l.includes(' -D ')).length;
}

/** `npm start` with no DATABASE_URL, as on a fresh machine: embedded PostgreSQL in DATA_DIR. */
describe('npm start with the embedded database', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-start-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty DATA_DIR, reuses it on the next start, and recovers after kill -9', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

    const first = await spawnServer(env);
    const h1 = await health(first.url);
    expect(h1.status).toBe('ok');
    expect(first.output()).toMatch(/creating a new PostgreSQL cluster/);
    await waitForLagZero(first.url);
    const position1 = (await health(first.url)).projections.find((p) => p.name === 'users')!.position;
    await first.kill('SIGTERM');
    await expect.poll(() => postgresProcessesOn(dataDir), { timeout: 15_000 }).toBe(0);

    const second = await spawnServer(env);
    expect(second.output()).not.toMatch(/creating a new PostgreSQL cluster/);
    await waitForLagZero(second.url);
    // Same log, not seeded twice.
    expect((await health(second.url)).projections.find((p) => p.name === 'users')!.position).toBe(position1);

    // kill -9 of the whole process group: node and PostgreSQL die without cleaning up.
    await second.kill('SIGKILL');
    await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).resolves.toBeUndefined();

    const third = await spawnServer(env);
    const h3 = await health(third.url);
    expect(h3.status).toBe('ok');
    expect(h3.projections.find((p) => p.name === 'users')!.position).toBe(position1);
    await third.kill('SIGTERM');
    // The first start loads the demo listings (over 30,000 through the import path) before it serves.
  }, 240_000);

  it('refuses a bad setting with a message naming the variable', async () => {
    await expect(spawnServer({ DATA_DIR: dataDir, PORT: 'not-a-port' }, 20_000)).rejects.toThrow(/PORT must be an integer/);
  });
});

async function waitForLagZero(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const h = await health(url);
    if (h.projections.length > 0 && h.projections.every((p) => p.lag === 0)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('projections did not catch up');
}
