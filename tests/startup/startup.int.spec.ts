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
    // The server's PostgreSQL may still be writing its last files as it stops: retry, as rm -rf would be.
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
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
    // The demo accounts' password and addresses are never written to the log (contract sections 1 and 11).
    expect(first.output()).toMatch(/demo data loaded/);
    for (const out of [first.output(), second.output()]) expect(out).not.toMatch(/porchlight-demo|@demo\.test|@porchlight\.test/);

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

/** Issue 12 §1: what `NODE_ENV=production npm start` does with nothing else set. */
describe('a production start', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-prod-'));
  });
  afterAll(async () => {
    // The server's PostgreSQL may still be writing its last files as it stops: retry, as rm -rf would be.
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  });

  it('refuses the demo seed with the public demo password, naming DEMO_PASSWORD', async () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_SEED: '1' };
    await expect(spawnServer(env, 20_000)).rejects.toThrow(/DEMO_PASSWORD must be set to a password of your own when DEMO_SEED=1 in production/);
    await expect(spawnServer({ ...env, DEMO_PASSWORD: 'porchlight-demo' }, 20_000)).rejects.toThrow(/DEMO_PASSWORD must be set/);
  });

  it('loads no demo accounts, warns loudly that no mail leaves, serves no development outbox, and listens on loopback only', async () => {
    // HOST, DEMO_SEED, DEMO_PASSWORD and SMTP_URL unset, as on a fresh machine.
    const server = await spawnServer({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await waitForLagZero(server.url);
      // Production logs are JSON lines.
      expect(server.output()).toMatch(/^\{"level":"warn",.*"msg":"NO E-MAIL IS DELIVERED: SMTP_URL is not set/m);
      expect(server.output()).not.toMatch(/demo accounts/);
      expect(server.output()).toMatch(/listening on 127\.0\.0\.1:/);
      const staffSignIn = await fetch(`${server.url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ Email: 'staff@porchlight.test', password: 'porchlight-demo' }),
      });
      expect(((await staffSignIn.json()) as { isSuccess?: boolean }).isSuccess).not.toBe(true);
      // Nothing appended but the first run's link, which the start line alone shows, once.
      expect((await health(server.url)).projections.every((p) => p.position === '1')).toBe(true);
      const links = server
        .output()
        .match(
          /First run: no account exists yet\. Open this one-time link to create the first staff account and brokerage: http:\/\/localhost:\d+\/setup#[A-Za-z0-9_-]{43} /g,
        );
      expect(links).toHaveLength(1);
      expect((await fetch(`${server.url}/api/dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/dev/sms`)).status).toBe(404);
    } finally {
      await server.kill('SIGTERM');
    }
  }, 120_000);
});

async function waitForLagZero(url: string): Promise<void> {
  // A deadline, not a number of tries: on a loaded machine the demo's first catch-up takes longer.
  const deadline = Date.now() + 90_000;
  let lagging: string[] = [];
  while (Date.now() < deadline) {
    const h = await health(url);
    lagging = h.projections.filter((p) => p.lag !== 0).map((p) => `${p.name} (lag ${p.lag})`);
    if (h.projections.length > 0 && lagging.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`projections did not catch up: ${lagging.join(', ')}`);
}
