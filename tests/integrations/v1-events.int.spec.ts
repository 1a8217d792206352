import { beforeAll, describe, expect, it } from 'vitest';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');

type Feed = { events: { id: string; type: string; position: number; occurredAt: string; data: { leadId?: string } }[]; next: number };

describe('API v1 events feed: the public events in store order, paged by position, within the key’s scope', () => {
  const app = dashboardServer();
  let api: WebClient;
  const keys: Record<'broker' | 'jane' | 'alex', string> = { broker: '', jane: '', alex: '' };

  beforeAll(async () => {
    const { server } = app;
    for (const [who, user] of [
      ['broker', broker],
      ['jane', jane],
      ['alex', alex],
    ] as const) {
      const c = await signIn(server, user.email, 'demo.localhost');
      keys[who] = ((await c.post('/api/dashboard/api-keys', { name: 'Feed' })).body as { key: string }).key;
    }
    api = WebClient.for(server.url, 'localhost');
  });

  const as = (who: keyof typeof keys) => ({ headers: { authorization: `Bearer ${keys[who]}` }, origin: null });
  const feed = async (who: keyof typeof keys, q = ''): Promise<Feed> => {
    const r = await api.get(`/api/v1/events${q}`, as(who));
    expect(r.status, r.text).toBe(200);
    return r.body as Feed;
  };

  it('a lead made, staged and noted through v1 shows as lead.created … note.created, in order, the same ids on every read; pages follow `next`', async () => {
    const made = await api.post(
      '/api/v1/leads',
      { source: 'Zillow', person: { fullName: 'Eve Events', emails: ['eve@example.com'], phones: [] } },
      as('broker'),
    );
    const leadId = made.body.leadId as string;
    await settle(app.server);
    await api.request('PATCH', `/api/v1/leads/${leadId}`, { json: { stage: 'Nurture', assignedAgentId: jane.userId }, ...as('broker') });
    await api.post(`/api/v1/leads/${leadId}/notes`, { text: 'From the feed test' }, as('jane'));
    await settle(app.server);

    const all = await feed('broker', '?limit=1000');
    const eve = all.events.filter((e) => e.data.leadId === leadId);
    expect(eve.map((e) => e.type)).toEqual(expect.arrayContaining(['lead.created', 'message.received', 'lead.assigned', 'lead.stage_changed', 'note.created']));
    expect(eve.map((e) => e.type).indexOf('lead.created')).toBe(0);
    const positions = all.events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect((await feed('broker', '?limit=1000')).events).toEqual(all.events);
    expect(all.next).toBe(positions.at(-1));

    // Paged two at a time: the same events, each once.
    const paged: string[] = [];
    let after = 0;
    for (;;) {
      const page = await feed('broker', `?after=${after}&limit=2`);
      if (page.events.length === 0) {
        expect(page.next).toBe(after);
        break;
      }
      paged.push(...page.events.map((e) => e.id));
      after = page.next;
    }
    expect(paged).toEqual(all.events.map((e) => e.id));
  });

  it("scope: Jane's key sees her lead's events, Alex's none of them; bad paging input is 400; no key is 401", async () => {
    const janes = (await feed('jane', '?limit=1000')).events;
    expect(janes.some((e) => e.type === 'note.created')).toBe(true);
    const janeLeads = new Set(janes.map((e) => e.data.leadId));
    const alexes = (await feed('alex', '?limit=1000')).events;
    expect(alexes.filter((e) => janeLeads.has(e.data.leadId))).toEqual([]);
    expect((await api.get('/api/v1/events?after=-1', as('broker'))).status).toBe(400);
    expect((await api.get('/api/v1/events?limit=5000', as('broker'))).status).toBe(400);
    expect((await api.get('/api/v1/events')).status).toBe(401);
  });
});
