import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/demo/demo-accounts';
import { type Started, startServer } from '../../src/main';
import { setLogSink } from '../../src/shared/logger';
import { ROOT, type ServerProcess, spawnServer } from '../support/spawn-server';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type WebResponse, WebClient } from '../support/web-client';

const DEMO_PASSWORD = 'Lantern-Quartz-7731';
const WRONG_PASSWORD = 'Wrong-Horse-Staple-4410';
const LEAD = { name: 'Marisol Quintero-Vance', email: 'marisol.qv@gmail.com', phone: '(206) 555-0187' };

type Line = { level: string; time: string; msg: string; reqId?: string; [field: string]: unknown };

/**
 * Contract section 11, Logs: the built server started as an operator starts it (`npm start`,
 * JSON lines), a realistic visit, then everything it wrote is read back.
 */
describe('the server log', () => {
  let db: TestDatabase;
  let dataDir: string;
  let server: ServerProcess;
  let output = '';
  const answers: WebResponse[] = [];
  let sessionId = '';
  let kept: WebResponse;
  let replaced: WebResponse;

  beforeAll(async () => {
    // Built first, so that the server's output is its log alone.
    execFileSync('node', ['scripts/ensure-built.mjs'], { cwd: ROOT, stdio: 'ignore' });
    db = await createTestDatabase({ migrate: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-logs-'));
    server = await spawnServer(
      { DATABASE_URL: db.url, DATA_DIR: dataDir, DEMO_SEED: '1', DEMO_PASSWORD, LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'development' },
      180_000,
    );
    const port = new URL(server.url).port;
    const on = (host: string) => WebClient.for(server.url, host);
    const track = (res: WebResponse) => (answers.push(res), res);

    const agentEmail = DEMO_USERS.find((u) => u.key === 'agent')!.email;
    const agent = on('demo.localhost');
    track(await agent.post('/api/account/login', { Email: agentEmail, password: WRONG_PASSWORD }));
    const signedIn = track(await agent.post('/api/account/login', { Email: agentEmail, password: DEMO_PASSWORD }));
    expect(signedIn.body?.isSuccess).toBe(true);
    sessionId = agent.cookies.get('sid')!;
    expect(sessionId?.length).toBeGreaterThan(10);

    const visitor = on('demo.localhost');
    const inquiry = track(
      await visitor.post('/api/account/inquiry', {
        FullName: LEAD.name,
        Email: LEAD.email,
        Phone: LEAD.phone,
        Message: `Call me at ${LEAD.phone} or write to ${LEAD.email}`,
        LeadType: 'Buyer',
      }),
    );
    expect(inquiry.status, inquiry.text).toBe(200);
    track(await visitor.post('/api/account/forgotpassword', { Email: LEAD.email }));
    track(await on('demo.localhost').get(`/api/search?acl_city=Seattle`));
    // The agent's dashboard answers hold the lead's contact details; the log must not.
    const leads = track(await agent.get('/api/dashboard/leads'));
    expect(leads.status).toBe(200);
    const leadId = inquiry.body.leadId as string;
    track(await agent.get(`/api/dashboard/leads/${leadId}`));
    track(await agent.post('/api/account/login', undefined, { raw: { body: '{"Email": ', contentType: 'application/json' } }));
    track(await agent.get('/api/no-such-thing'));
    kept = track(await agent.get('/api/site', { headers: { 'x-request-id': 'edge-7f3a.42_b' } }));
    replaced = track(await agent.get('/api/site', { headers: { 'x-request-id': 'not ok; <script>' } }));
    await fetch(`http://127.0.0.1:${port}/metrics`);
    // Let the reactors (lead notices, the reset mail) run before the log is read.
    for (let i = 0; i < 100; i++) {
      const h = (await (await fetch(`${server.url}/health`)).json()) as { projections: { lag: number }[] };
      if (h.projections.every((p) => p.lag === 0)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    await server.kill('SIGTERM');
    output = server.output();
  }, 300_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  });

  const lines = (): Line[] =>
    output
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Line);

  it('is JSON lines with level, time and msg', () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(20);
    for (const l of all) {
      expect(['debug', 'info', 'warn', 'error']).toContain(l.level);
      expect(l.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof l.msg).toBe('string');
    }
  });

  it('has one line per request with its method, route template, status, duration and id', () => {
    const requests = lines().filter((l) => l.msg === 'request');
    for (const res of answers) {
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      const mine = requests.filter((l) => l.reqId === id);
      expect(mine, id).toHaveLength(1);
      expect(mine[0]).toMatchObject({ method: expect.any(String), route: expect.any(String), status: res.status, ms: expect.any(Number) });
    }
    const lead = requests.find((l) => typeof l.route === 'string' && l.route.startsWith('/api/dashboard/leads/'));
    expect(lead?.route).toBe('/api/dashboard/leads/:leadId');
    // A sane incoming id is kept; anything else is replaced.
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.42_b');
    expect(replaced.headers['x-request-id']).not.toContain('script');
  });

  it('never holds a password, a session id or the lead’s contact details', () => {
    expect(output).toContain('request'); // the log was captured at all
    for (const secret of [DEMO_PASSWORD, WRONG_PASSWORD, sessionId, LEAD.email, 'marisol.qv', LEAD.phone, '555-0187', '5550187', 'Quintero']) {
      expect(output.includes(secret), secret).toBe(false);
    }
  });
});

/** What is logged while a request is handled carries its id, after its body was read too. */
describe('log lines written while handling a request', () => {
  let db: TestDatabase;
  let server: Started;
  const captured: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // No site is set up on this database: the site's routes answer 503, an error with its stack.
    server = await startServer(testConfig(db.url, { LOG_FORMAT: 'json', LOG_LEVEL: 'info' }));
    setLogSink((line) => captured.push(line));
  }, 120_000);
  afterAll(async () => {
    setLogSink(undefined);
    await server?.stop();
    await db?.drop();
  });

  it('carry its reqId, and a 5xx is written with its stack', async () => {
    const client = WebClient.for(server.url, 'localhost');
    for (const res of [
      await client.get('/api/site'),
      await client.post('/api/account/inquiry', { FullName: LEAD.name, Email: LEAD.email, Phone: LEAD.phone, Message: 'Hello', LeadType: 'Buyer' }),
    ]) {
      expect(res.status, res.text).toBe(503);
      const id = res.headers['x-request-id'];
      const mine = captured.map((l) => JSON.parse(l) as Line).filter((l) => l.reqId === id);
      const error = mine.find((l) => l.level === 'error');
      expect(error?.msg, JSON.stringify(mine)).toBe('request failed');
      expect(error?.stack).toMatch(/This site is not set up yet\n\s+at /);
      expect(mine.find((l) => l.msg === 'request')).toMatchObject({ status: 503, route: expect.stringMatching(/^\/api\//) });
    }
    expect(captured.join('')).not.toContain(LEAD.email);
  });
});
