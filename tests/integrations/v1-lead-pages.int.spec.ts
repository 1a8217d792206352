import { beforeAll, describe, expect, it } from 'vitest';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const broker = demoUser('broker');
const jane = demoUser('agent');
const alex = demoUser('agent2');

/** The v1 lead list's cursor marks a place, not a count: leads changing between pages shift no other lead into or out of a page. */
describe('API v1 lead pages while leads change', () => {
  const app = dashboardServer();
  let api: WebClient;
  let brokerKey: string;
  let alexKey: string;

  beforeAll(async () => {
    const [brokerC, alexC] = await Promise.all([signIn(app.server, broker.email, 'demo.localhost'), signIn(app.server, alex.email, 'demo.localhost')]);
    const make = async (c: WebClient) => ((await c.post('/api/dashboard/api-keys', { name: 'Sync' })).body as { key: string }).key;
    [brokerKey, alexKey] = await Promise.all([make(brokerC), make(alexC)]);
    api = WebClient.for(app.server.url, 'localhost');
  });

  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
  const newLead = async (name: string) => {
    const res = await api.post(
      '/api/v1/leads',
      { source: 'Paging', person: { fullName: name, emails: [`${name.toLowerCase()}@example.com`], phones: [] } },
      { ...as(brokerKey), origin: null },
    );
    expect(res.status, res.text).toBe(201);
    return res.body.leadId as string;
  };
  const page = async (key: string, query: string, cursor: string | null) => {
    const res = await api.get(`/api/v1/leads?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, as(key));
    expect(res.status, res.text).toBe(200);
    return { ids: (res.body.leads as { leadId: string }[]).map((l) => l.leadId), next: res.body.nextCursor as string | null };
  };
  const rest = async (key: string, query: string, cursor: string | null) => {
    const ids: string[] = [];
    while (cursor) {
      const p = await page(key, query, cursor);
      ids.push(...p.ids);
      cursor = p.next;
    }
    return ids;
  };

  it('a lead that newly matches updatedSince between pages repeats no other lead', async () => {
    const old = await newLead('Olga');
    await settle(app.server);
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date().toISOString();
    const fresh: string[] = [];
    for (const name of ['Bea', 'Cy', 'Dee', 'Eve']) fresh.push(await newLead(name));
    await settle(app.server);
    const query = `limit=2&updatedSince=${encodeURIComponent(since)}`;
    const first = await page(brokerKey, query, null);
    expect(first.ids).toHaveLength(2);
    // Olga, made before the others, is active again: she now matches updatedSince, ahead of the page already read.
    const note = await api.post(`/api/v1/leads/${old}/notes`, { text: 'Called back' }, { ...as(brokerKey), origin: null });
    expect(note.status, note.text).toBe(201);
    await settle(app.server);
    const all = [...first.ids, ...(await rest(brokerKey, query, first.next))];
    expect(all.length - new Set(all).size, 'leads given twice').toBe(0);
    // Only the office's leads active since then (the demo's own stay quiet, but are not counted on).
    expect(all.filter((id) => fresh.includes(id))).toEqual(fresh);
  });

  it('a lead reassigned away between pages skips no other lead', async () => {
    const brokerC = await signIn(app.server, broker.email, 'demo.localhost');
    for (const name of ['Ann', 'Bob', 'Cat', 'Dan']) {
      const leadId = await newLead(name);
      await settle(app.server);
      const moved = await brokerC.request('PATCH', `/api/dashboard/leads/${leadId}`, { json: { assignedAgentId: alex.userId } });
      expect(moved.status, moved.text).toBeLessThan(300);
    }
    await settle(app.server);
    const whole = await page(alexKey, 'limit=100', null);
    expect(whole.ids.length).toBeGreaterThanOrEqual(4);
    const first = await page(alexKey, 'limit=2', null);
    expect(first.ids).toEqual(whole.ids.slice(0, 2));
    const away = await api.request('PATCH', `/api/v1/leads/${first.ids[0]}`, { json: { assignedAgentId: jane.userId }, ...as(brokerKey), origin: null });
    expect(away.status, away.text).toBe(200);
    await settle(app.server);
    expect([...first.ids, ...(await rest(alexKey, 'limit=2', first.next))]).toEqual(whole.ids);
  });

  it('a cursor that is not ours → 400 {message}', async () => {
    const forged = Buffer.from(JSON.stringify({ c: '1', i: "x' OR 1=1", s: null })).toString('base64url');
    expect(await api.get(`/api/v1/leads?cursor=${forged}`, as(brokerKey))).toMatchObject({ status: 400, body: { message: 'cursor is not one this API gave' } });
  });
});
