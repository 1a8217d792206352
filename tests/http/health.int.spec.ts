import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('GET /health', () => {
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1' }));
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('answers 200 with every projection, its position and lag', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; eventStore: string; projections: { name: string; position: string; lag: number }[] };
    expect(body.status).toBe('ok');
    expect(body.eventStore).toBe('postgres');
    expect(body.projections.map((p) => p.name)).toEqual(expect.arrayContaining(['sites', 'users']));
    for (const p of body.projections) {
      expect(p.lag).toBe(0);
      expect(Number(p.position)).toBeGreaterThan(0);
    }
  });

  it('seeded the demo accounts and sites through commands into the read models', async () => {
    // The demo accounts; the demo's leads register through inquiries (registered_via 'inquiry').
    const users = await db.pool.query(`SELECT email, security_level FROM users WHERE registered_via = 'seed' ORDER BY security_level DESC`);
    expect(users.rows.map((r) => [r.email, r.security_level])).toEqual([
      ['staff@porchlight.test', 25],
      ['broker@demo.test', 15],
      ['agent@demo.test', 10],
      ['agent2@demo.test', 10],
      ['lead@demo.test', 5],
    ]);
    const sites = await db.pool.query('SELECT subdomain, kind FROM sites ORDER BY subdomain');
    expect(sites.rows).toEqual([
      { subdomain: 'brand', kind: 'brand' },
      { subdomain: 'demo', kind: 'broker' },
      { subdomain: 'jane', kind: 'agent' },
    ]);
    // Routed by the rules a moment after the projections caught up.
    const leads = async () => (await db.pool.query('SELECT count(*)::int AS n, count(assigned_agent_id)::int AS assigned FROM lead_feed')).rows[0];
    await expect.poll(leads, { timeout: 15_000 }).toEqual({ n: 6, assigned: 6 });
  });

  it('answers unknown API routes with a JSON 404 and no stack trace', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBeTypeOf('string');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.js/);
  });
});
