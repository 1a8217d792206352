import { beforeAll, describe, expect, it } from 'vitest';
import { BAD_KEY, NO_KEY, TOO_MANY_CALLS } from '../../src/modules/integrations/v1/api-key.guard';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const RATE = 8;

describe('API keys: made, listed, revoked in the dashboard; /api/v1 takes them as bearer keys only', () => {
  const app = dashboardServer(undefined, { API_RATE_PER_MINUTE: String(RATE) });
  let janeC: WebClient;
  let alexC: WebClient;
  let brokerC: WebClient;
  let leadId: string;
  let api: WebClient;

  beforeAll(async () => {
    const { server } = app;
    ({ leadId } = await janesLead(server, { FullName: 'Kay Keys' }));
    [janeC, alexC, brokerC] = await Promise.all([
      signIn(server, jane.email, 'demo.localhost'),
      signIn(server, alex.email, 'demo.localhost'),
      signIn(server, broker.email, 'demo.localhost'),
    ]);
    api = WebClient.for(server.url, 'localhost');
  });

  const make = async (c: WebClient, name: string) => {
    const res = await c.post('/api/dashboard/api-keys', { name });
    expect(res.status, res.text).toBe(201);
    return res.body as { keyId: string; name: string; key: string };
  };
  const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

  it('a key is shown once (plk_…), listed without it, and acts as its maker with their scope', async () => {
    const made = await make(janeC, '  Dialer  ');
    expect(made).toMatchObject({ name: 'Dialer' });
    expect(made.key).toMatch(/^plk_[A-Za-z0-9_-]{75}$/);
    await settle(app.server);
    const listed = await janeC.get('/api/dashboard/api-keys');
    expect(listed.body.keys).toEqual([{ keyId: made.keyId, name: 'Dialer', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(listed.text).not.toContain(made.key.slice(4));
    // Another user's list does not show it.
    expect((await alexC.get('/api/dashboard/api-keys')).body.keys).toEqual([]);

    const got = await api.get(`/api/v1/leads/${leadId}`, bearer(made.key));
    expect(got.status, got.text).toBe(200);
    expect(got.body).toMatchObject({ leadId, fullName: 'Kay Keys', assignedAgentId: jane.userId });
    // Alex's key cannot see Jane's lead: as for a lead not there, 404.
    const alexKey = await make(alexC, 'Alex tool');
    expect(await api.get(`/api/v1/leads/${leadId}`, bearer(alexKey.key))).toMatchObject({ status: 404 });
    // The broker's key sees the office's leads.
    expect((await api.get(`/api/v1/leads/${leadId}`, bearer((await make(brokerC, 'Reports')).key))).status).toBe(200);

    await settle(app.server);
    const after = (await janeC.get('/api/dashboard/api-keys')).body.keys as { lastUsedAt: string | null }[];
    expect(after[0]!.lastUsedAt).not.toBeNull();
  });

  it('no key, a malformed, a wrong or a revoked key → 401 {message}; a session cookie does not count', async () => {
    expect(await api.get(`/api/v1/leads/${leadId}`)).toMatchObject({ status: 401, body: { message: NO_KEY } });
    expect(await api.get(`/api/v1/leads/${leadId}`, bearer('nonsense'))).toMatchObject({ status: 401, body: { message: BAD_KEY } });
    const made = await make(janeC, 'Doomed');
    const wrong = made.key.slice(0, -3) + (made.key.endsWith('AAA') ? 'BBB' : 'AAA');
    expect(await api.get(`/api/v1/leads/${leadId}`, bearer(wrong))).toMatchObject({ status: 401, body: { message: BAD_KEY } });
    // Jane's session cookie gives nothing on /api/v1.
    expect(await janeC.get(`/api/v1/leads/${leadId}`)).toMatchObject({ status: 401, body: { message: NO_KEY } });
    // Nor does it take anything away: a tool that keeps cookies still calls by its key, with no Origin check.
    const withCookie = await janeC.post(
      '/api/v1/leads',
      { source: 'Dialer', person: { fullName: 'Cookie Jar', emails: ['jar@example.com'], phones: [] } },
      { origin: null, ...bearer(made.key) },
    );
    expect(withCookie.status, withCookie.text).toBe(201);

    expect((await api.get(`/api/v1/leads/${leadId}`, bearer(made.key))).status).toBe(200);
    // Someone else's key is not there for them to revoke.
    expect((await alexC.delete(`/api/dashboard/api-keys/${made.keyId}`)).status).toBe(404);
    expect((await janeC.delete(`/api/dashboard/api-keys/${made.keyId}`)).status).toBe(204);
    // Refused at once: the very next call, no waiting for any read model.
    expect(await api.get(`/api/v1/leads/${leadId}`, bearer(made.key))).toMatchObject({ status: 401, body: { message: BAD_KEY } });
    await settle(app.server);
    expect(((await janeC.get('/api/dashboard/api-keys')).body.keys as { keyId: string }[]).map((k) => k.keyId)).not.toContain(made.keyId);
  });

  it('names are checked; signed out is 401', async () => {
    expect(await janeC.post('/api/dashboard/api-keys', { name: '   ' })).toMatchObject({ status: 400, body: { message: 'name is required' } });
    expect((await janeC.post('/api/dashboard/api-keys', { name: 'x'.repeat(81) })).status).toBe(400);
    expect((await api.post('/api/dashboard/api-keys', { name: 'Anon' })).status).toBe(401);
    expect((await api.get('/api/dashboard/api-keys')).status).toBe(401);
  });

  it('each key has its own rate limit: over it, 429 with Retry-After', async () => {
    const one = await make(brokerC, 'Busy');
    const other = await make(brokerC, 'Quiet');
    const answers = [];
    for (let i = 0; i < RATE + 1; i++) answers.push(await api.get(`/api/v1/leads/${leadId}`, bearer(one.key)));
    expect(answers.slice(0, RATE).map((a) => a.status)).toEqual(Array(RATE).fill(200));
    expect(answers[RATE]).toMatchObject({ status: 429, body: { message: TOO_MANY_CALLS } });
    expect(Number(answers[RATE]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.get(`/api/v1/leads/${leadId}`, bearer(other.key))).status).toBe(200);
  });

  it('a key stops working when its maker is deactivated, and works again when they are back', async () => {
    const made = await make(alexC, 'Alex dialer');
    expect((await api.get(`/api/v1/leads/${leadId}`, bearer(made.key))).status).toBe(404);
    expect((await brokerC.post(`/api/dashboard/agents/${alex.userId}/deactivate`, {})).status).toBe(200);
    expect(await api.get(`/api/v1/leads/${leadId}`, bearer(made.key))).toMatchObject({ status: 401, body: { message: BAD_KEY } });
    expect((await brokerC.post(`/api/dashboard/agents/${alex.userId}/activate`, {})).status).toBe(200);
    expect((await api.get(`/api/v1/leads/${leadId}`, bearer(made.key))).status).toBe(404);
  });
});
