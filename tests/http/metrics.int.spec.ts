import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionStatus } from '../../projections/runner';
import { type Started, startServer } from '../../src/main';
import { OUTBOXES } from '../../src/modules/messaging';
import { connectSocket, demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const TOKEN = 'metrics-token-for-the-test-0123';

type Answer = { status: number; type: string; text: string };

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
      })
      .on('error', reject);
  });
}

/** The value of one sample: `name` with (at least) these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** Contract section 11, Metrics: the real server, scraped over HTTP as Prometheus would. */
describe('GET /metrics', () => {
  let server: Started;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ server, stop } = await startDashboardServer({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' }));
  }, 180_000);
  afterAll(async () => stop?.());

  const scrape = async () => {
    const res = await get(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain;.*version=0\.0\.4/);
    return res.text;
  };

  it('times HTTP requests by method, route template and status class, never by the raw URL', async () => {
    const agent = await signIn(server, demoUser('agent').email);
    expect((await agent.get('/api/details/NO-SUCH-LISTING-9271')).status).toBe(404);
    expect((await agent.get('/api/details/NO-SUCH-LISTING-9272')).status).toBe(404);
    expect((await agent.get('/api/nothing-here/5550001')).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'porchlight_http_request_duration_seconds_count', { method: 'GET', route: '/api/details/:pdid', status_class: '4xx' })).toBe(2);
    expect(
      sample(text, 'porchlight_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/details/:pdid', status_class: '4xx', le: '+Inf' }),
    ).toBe(2);
    expect(
      sample(text, 'porchlight_http_request_duration_seconds_count', { method: 'POST', route: '/api/account/login', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'porchlight_http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status_class: '4xx' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).not.toContain('NO-SUCH-LISTING');
    expect(text).not.toContain('5550001');
  });

  it('reports searches, event appends, projections, outboxes, sockets and the process', async () => {
    const before = await scrape();
    const appendedBefore = sample(before, 'porchlight_events_appended_total')!;
    const visitor = await newLead(server, 'demo.localhost');
    await settle(server);
    expect((await visitor.client.get('/api/search?acl_city=Seattle')).status).toBe(200);

    // One outbox message given up on: the gauges read the tables.
    const pool = server.runtime.db.pool;
    const failed = await pool.query(
      `UPDATE lead_notice_outbox SET state = 'failed' WHERE notice_id = (SELECT notice_id FROM lead_notice_outbox LIMIT 1) RETURNING 1`,
    );
    expect(failed.rowCount).toBe(1);
    const socket = await connectSocket(server, await signIn(server, demoUser('broker').email));
    try {
      const text = await scrape();
      expect(sample(text, 'porchlight_events_appended_total')).toBeGreaterThan(appendedBefore);
      expect(sample(text, 'porchlight_search_duration_seconds_count', { kind: 'list' })).toBeGreaterThanOrEqual(1);
      for (const p of await projectionStatus(pool)) {
        expect(sample(text, 'porchlight_projection_position', { projection: p.name }), p.name).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'porchlight_projection_lag_events', { projection: p.name }), p.name).toBeGreaterThanOrEqual(0);
      }
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_notice_outbox WHERE state = 'failed'`);
      expect(sample(text, 'porchlight_outbox_failed_messages', { outbox: 'new-lead-notices' })).toBe(rows[0]!.n);
      for (const { name: outbox } of OUTBOXES) {
        expect(sample(text, 'porchlight_outbox_pending_messages', { outbox }), outbox).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'porchlight_outbox_failed_messages', { outbox }), outbox).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, 'porchlight_sockets_connected')).toBe(1);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('from elsewhere (the address a trusted proxy forwards) answers only with the metrics token', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.7' };
    const none = await get(`${server.url}/metrics`, remote);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text)).toEqual({ message: expect.any(String) });
    expect((await get(`${server.url}/metrics`, { ...remote, authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
    const ok = await get(`${server.url}/metrics`, { ...remote, authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('porchlight_http_request_duration_seconds');
  });
});

describe('GET /metrics in production without a token', () => {
  let db: TestDatabase;
  let server: Started;
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    const dataDir = await import('node:fs').then((fs) => fs.mkdtempSync(`${os.tmpdir()}/porchlight-metrics-`));
    server = await startServer(testConfig(db.url, { NODE_ENV: 'production', HOST: '0.0.0.0', DATA_DIR: dataDir }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('is open on loopback and does not exist from anywhere else', async () => {
    const port = new URL(server.url).port;
    expect((await get(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    // A reverse proxy on this machine relays someone else (its forwarding headers are not trusted).
    const proxied = await get(`http://127.0.0.1:${port}/metrics`, { 'x-forwarded-for': '203.0.113.7' });
    expect(proxied.status).toBe(404);
    expect(Object.keys(JSON.parse(proxied.text))).toEqual(['message']);
    // This machine's own network address is not loopback: a caller from the network.
    expect(external, 'a non-loopback IPv4 address of this machine').toBeDefined();
    const fromNetwork = await get(`http://${external}:${port}/metrics`, { authorization: 'Bearer anything-at-all-here' });
    expect(fromNetwork.status).toBe(404);
  });
});
