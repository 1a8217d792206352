import { CommandBus } from '@nestjs/cqrs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed-demo';
import { type Started, startServer } from '../main';
import { PASSWORD } from '../../tests/support/dashboard-fixture';
import { testConfig } from '../../tests/support/test-config';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { WebClient } from '../../tests/support/web-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One server loses every connection it has (pg_terminate_backend of each, as a database restart
 * or crash recovery would), and its database refuses new ones for a while: the process lives on,
 * answers 503 meanwhile, and serves again once the database is back, without a restart.
 */
describe('a server whose database connections are all terminated', () => {
  let db: TestDatabase;
  let server: Started;
  let admin: pg.Client;
  let name: string;
  const crashes: string[] = [];
  const onCrash = (err: unknown) => crashes.push(String((err as Error)?.stack ?? err));

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    name = new URL(db.url).pathname.slice(1);
    // The fan-out over PostgreSQL too: its LISTEN connection is one of those lost.
    server = await startServer(testConfig(db.url, { REALTIME_FANOUT: 'postgres' }));
    await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
    await server.runtime.runner.waitForCatchUp();
    const adminUrl = new URL(db.url);
    adminUrl.pathname = '/postgres';
    admin = new pg.Client({ connectionString: adminUrl.toString() });
    admin.on('error', () => undefined);
    await admin.connect();
    // An unhandled 'error' event of a pg client ends a process; here it would reach these.
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await server?.stop();
    await db?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(30_000) });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };

  async function until<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  const terminateAll = async () => {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  };

  it('lets no lost connection end the process (idle, in use, listening or holding a lock)', async () => {
    await terminateAll();
    await until(async () => ((await get('/health')).status === 200 ? true : undefined), 'healthy again');
    // Long enough for every connection's end to be noticed (the sockets close at once).
    await sleep(500);
    expect(crashes).toEqual([]);
  });

  it('stays alive, answers 503 while the database is away and 200 once it is back', async () => {
    // Every projection back from the first test's loss (until then it is not ready).
    const ready = await until(async () => {
      const r = await get('/health/ready');
      return r.status === 200 ? r : undefined;
    }, 'ready');
    expect(ready.body).toEqual({ status: 'ok' });
    expect((await get('/api/search?acl_city=Chicago')).status).toBe(200);

    // Traffic while it happens: searches, readiness and inquiries.
    let running = true;
    const statuses: number[] = [];
    const traffic = (async () => {
      for (let i = 0; running; i++) {
        const r = await fetch(`${server.url}/api/search?acl_city=Chicago&page=${(i % 3) + 1}`, { signal: AbortSignal.timeout(30_000) }).catch(() => ({
          status: 0,
        }));
        statuses.push(r.status);
        await sleep(20);
      }
    })();

    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await terminateAll();

    const refused = await until(async () => {
      const r = await get('/api/search?acl_city=Chicago');
      return r.status === 503 ? r : undefined;
    }, 'a search answered 503');
    expect(refused.body).toEqual({ message: expect.any(String) });
    const notReady = await until(async () => {
      const r = await get('/health/ready');
      return r.status === 503 ? r : undefined;
    }, 'not ready');
    expect(notReady.body).toEqual({ status: 'failing', failing: expect.arrayContaining(['database']) });
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await get('/health')).status).toBe(503);
    // Everything that failed meanwhile failed with 503, none with 500 or no answer.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await until(async () => ((await get('/health/ready')).status === 200 ? true : undefined), 'ready again');
    expect((await get('/api/search?acl_city=Chicago')).status).toBe(200);
    running = false;
    await traffic;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // A write after it, and every projection at the log's head again (they resumed on their own).
    const inquiry = await WebClient.for(server.url, 'jane.localhost').post('/api/account/inquiry', {
      FullName: 'After Outage',
      Email: `after-${Date.now()}@example.com`,
      Phone: '2065550100',
      Message: 'back',
      LeadType: 'Buyer',
    });
    expect(inquiry.status).toBe(200);
    await server.runtime.runner.waitForCatchUp(15_000);
    expect(server.runtime.runner.states().filter((s) => s.state === 'failed')).toEqual([]);
    expect(crashes).toEqual([]);
  });
});
