import { beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_MESSAGES } from '../../src/modules/integrations/intake-lead/lead-intake.service';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');

describe('API v1 leads: the shared intake (new person → a routed lead, a known one → their timeline, externalId → once), scoped as the key’s maker', () => {
  const app = dashboardServer();
  let api: WebClient;
  let brokerKey: string;
  let janeKey: string;
  let alexKey: string;
  let janeC: WebClient;

  beforeAll(async () => {
    const { server } = app;
    const [brokerC, alexC] = await Promise.all([signIn(server, broker.email, 'demo.localhost'), signIn(server, alex.email, 'demo.localhost')]);
    janeC = await signIn(server, jane.email, 'demo.localhost');
    const make = async (c: WebClient) => ((await c.post('/api/dashboard/api-keys', { name: 'Tool' })).body as { key: string }).key;
    [brokerKey, janeKey, alexKey] = await Promise.all([make(brokerC), make(janeC), make(alexC)]);
    api = WebClient.for(server.url, 'localhost');
  });

  /** The lead once routing has given it an agent (routing runs after the answer, as for an inquiry). */
  const routed = async (key: string, leadId: string) => {
    for (let i = 0; i < 200; i++) {
      const r = await api.get(`/api/v1/leads/${leadId}`, as(key));
      if (r.status === 200 && r.body.assignedAgentId) return r;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`lead ${leadId} was not routed`);
  };
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
  const post = (key: string, body: unknown) => api.post('/api/v1/leads', body, { ...as(key), origin: null });
  const person = (email: string, extra: Record<string, unknown> = {}) => ({ firstName: 'Zoe', lastName: 'Zillow', emails: [email], phones: [], ...extra });

  it('a new person → 201 created:true, a lead with the source fixed at first touch, routed like an inquiry, on the timeline', async () => {
    const res = await post(brokerKey, {
      source: 'Zillow',
      type: 'Buyer',
      person: person('zoe@example.com', { phones: ['(555) 010-2030'] }),
      property: { street: '1 Main St', city: 'Springfield', state: 'CA', zip: '90001', mlsNumber: 'ML123', price: 450000 },
      message: 'Is it still for sale?',
      tags: ['portal'],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ leadId: expect.any(String), created: true });
    const leadId = res.body.leadId as string;
    // Routing assigns it (the office's rules), as for a site inquiry.
    const got = await routed(brokerKey, leadId);
    expect(got.body).toMatchObject({ leadId, fullName: 'Zoe Zillow', emails: ['zoe@example.com'], tags: ['portal'] });
    await settle(app.server);
    const brokerC = await signIn(app.server, broker.email, 'demo.localhost');
    const timeline = await brokerC.get(`/api/dashboard/leads/${leadId}`);
    expect(timeline.text).toContain('Is it still for sale?');
    expect(timeline.text).toContain('MLS #: ML123');
    const lead = await brokerC.get(`/api/dashboard/leads/${leadId}`);
    expect(lead.text).toContain('Zillow');
  });

  it('a person the office has (by e-mail, or by phone) → 200 created:false, the same lead, the inquiry on its timeline', async () => {
    const first = await post(brokerKey, { source: 'Zillow', person: person('yan@example.com', { phones: ['+1 555 777 8888'] }) });
    expect(first.status).toBe(201);
    const again = await post(brokerKey, { source: 'Realtor.com', person: person('YAN@example.com'), message: 'Second question' });
    expect(again).toMatchObject({ status: 200, body: { leadId: first.body.leadId, created: false } });
    await settle(app.server);
    const byPhone = await post(brokerKey, {
      source: 'Homes.com',
      person: { fullName: 'Yan Y', emails: ['yan.other@example.com'], phones: ['555-777-8888'] },
      message: 'By phone',
    });
    expect(byPhone).toMatchObject({ status: 200, body: { leadId: first.body.leadId, created: false } });
  });

  it('the same (source, externalId) again → the same answer, nothing applied twice, also for two at once', async () => {
    const body = { source: 'Zillow', externalId: 'z-42', person: person('once@example.com'), message: 'Only once' };
    const [a, b] = await Promise.all([post(brokerKey, body), post(brokerKey, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    const c = await post(brokerKey, { ...body, message: 'changed, but the same delivery' });
    expect(c).toMatchObject({ status: 201, body: a.body });
    await settle(app.server);
    const brokerC = await signIn(app.server, broker.email, 'demo.localhost');
    const timeline = await brokerC.get(`/api/dashboard/leads/${a.body.leadId}`);
    expect(timeline.text.split('Only once').length - 1).toBe(1);
    expect(timeline.text).not.toContain('changed, but the same delivery');
    // Another source with the same id is another delivery.
    expect((await post(brokerKey, { ...body, source: 'Trulia' })).body).toEqual({ leadId: a.body.leadId, created: false });
  });

  it("bad input is 400 {message}; a key without the lead in scope → 404; an agent's key makes leads in their own reach", async () => {
    expect(await post(brokerKey, { source: 'Zillow', person: { emails: [], phones: ['555'] } })).toMatchObject({
      status: 400,
      body: { message: INTAKE_MESSAGES.phone },
    });
    expect(await post(brokerKey, { person: person('x@example.com') })).toMatchObject({ status: 400 });
    expect((await post(brokerKey, { source: 'Zillow', person: person('x@example.com'), surprise: 1 })).status).toBe(400);
    const mine = await post(janeKey, { source: 'Referral', person: person('jane.lead@example.com') });
    expect(mine.status, mine.text).toBe(201);
    await routed(janeKey, mine.body.leadId as string);
    // Out of scope on the lead's stream: 404 at once, not after the wait for a lagging read model (its length would tell the lead exists).
    const started = Date.now();
    expect((await api.get(`/api/v1/leads/${mine.body.leadId}`, as(alexKey))).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('lists the key’s leads oldest first in pages by an opaque cursor, each once; updatedSince keeps the recent; scope as the maker', async () => {
    await settle(app.server);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/api/v1/leads?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, as(brokerKey));
      expect(page.status, page.text).toBe(200);
      expect(page.body.leads.length).toBeLessThanOrEqual(2);
      all.push(...(page.body.leads as { leadId: string }[]).map((l) => l.leadId));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    const one = await api.get('/api/v1/leads?limit=100', as(brokerKey));
    expect(one.body.leads.map((l: { leadId: string }) => l.leadId)).toEqual(all);
    const created = one.body.leads.map((l: { createdAt: string }) => l.createdAt);
    expect([...created].sort()).toEqual(created);
    // Alex's key lists only Alex's leads: none of Jane's or the office's others.
    const alexList = await api.get('/api/v1/leads', as(alexKey));
    expect(alexList.body.leads.filter((l: { assignedAgentId: string | null }) => l.assignedAgentId && l.assignedAgentId !== alex.userId)).toEqual([]);
    expect((await api.get(`/api/v1/leads?updatedSince=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`, as(brokerKey))).body).toEqual({
      leads: [],
      nextCursor: null,
    });
    expect(await api.get('/api/v1/leads?cursor=nonsense', as(brokerKey))).toMatchObject({ status: 400, body: { message: 'cursor is not one this API gave' } });
    expect((await api.get('/api/v1/leads?limit=1000', as(brokerKey))).status).toBe(400);
  });

  it('PATCH changes stage, tags and agent through the dashboard’s command; notes are written as the maker; outside the scope → 404', async () => {
    const made = await post(brokerKey, { source: 'Zillow', person: person('patch@example.com') });
    const leadId = made.body.leadId as string;
    await routed(brokerKey, leadId);
    const patched = await api.request('PATCH', `/api/v1/leads/${leadId}`, {
      json: { stage: 'Nurture', tags: ['hot', 'api'], assignedAgentId: jane.userId },
      ...as(brokerKey),
      origin: null,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ leadId, stage: 'Nurture', tags: ['hot', 'api'], assignedAgentId: jane.userId });
    expect((await api.request('PATCH', `/api/v1/leads/${leadId}`, { json: { stage: 'No such stage' }, ...as(brokerKey), origin: null })).status).toBe(400);
    expect((await api.request('PATCH', `/api/v1/leads/${leadId}`, { json: { stage: 'Nurture' }, ...as(alexKey), origin: null })).status).toBe(404);
    // An agent's key cannot hand leads on, as an agent cannot in the dashboard.
    expect((await api.request('PATCH', `/api/v1/leads/${leadId}`, { json: { assignedAgentId: alex.userId }, ...as(janeKey), origin: null })).status).toBe(403);

    const note = await api.post(`/api/v1/leads/${leadId}/notes`, { text: 'Called from the dialer' }, { ...as(janeKey), origin: null });
    expect(note.status, note.text).toBe(201);
    expect(note.body).toEqual({ noteId: expect.any(String) });
    expect((await api.post(`/api/v1/leads/${leadId}/notes`, { text: '  ' }, { ...as(janeKey), origin: null })).status).toBe(400);
    expect((await api.post(`/api/v1/leads/${leadId}/notes`, { text: 'nope' }, { ...as(alexKey), origin: null })).status).toBe(404);
    await settle(app.server);
    const page = await janeC.get(`/api/dashboard/leads/${leadId}`);
    expect(page.body.notes).toMatchObject([{ text: 'Called from the dialer', authorId: jane.userId }]);
  });
  it('a lead read straight after its 201, while its read model is still behind, is 200 once the projection writes it (not 404); an id with no lead is 404 at once', async () => {
    // Hold the lead read model's writes (reads still pass), as a busy projection would.
    const held = await app.server.runtime.db.pool.connect();
    let got: Promise<{ status: number; body: { leadId?: string } }>;
    let leadId: string;
    try {
      await held.query('BEGIN');
      await held.query('LOCK TABLE lead_feed IN EXCLUSIVE MODE');
      const res = await post(brokerKey, { source: 'Dialer', person: person('right-after@example.com') });
      expect(res.status, res.text).toBe(201);
      leadId = res.body.leadId as string;
      got = api.get(`/api/v1/leads/${leadId}`, as(brokerKey));
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await held.query('COMMIT');
      held.release();
    }
    expect(await got).toMatchObject({ status: 200, body: { leadId } });
    const started = Date.now();
    expect((await api.get('/api/v1/leads/00000000-0000-4000-8000-000000000000', as(brokerKey))).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
