import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, demoUser, newLead, type Office, record, registerOffice, settle, signIn, until } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');

describe('an agent never receives or reads another agent’s lead (HTTP 404, no socket event), across two tenants', () => {
  const app = dashboardServer();
  /** A second tenant: a broker with one agent, and their site acme (round robin with one agent). */
  let other: Office;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const { server } = app;
    other = await registerOffice(server, 'acme');
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  const socketOf = async (email: string, host = 'localhost') => {
    const c = await signIn(app.server, email, host);
    const s = await connectSocket(app.server, c);
    sockets.push(s);
    return { client: c, socket: s, got: record(s) };
  };

  it('a lead of tenant 2 reaches only its agent, its broker and staff; tenant 1 sees nothing', async () => {
    const { server } = app;
    const cy = await socketOf(other.agents[0]!.email, 'acme.localhost');
    const bo = await socketOf(other.brokerEmail);
    const staff = await socketOf('staff@porchlight.test');
    const others = await Promise.all([socketOf(jane.email), socketOf(alex.email), socketOf(broker.email, 'demo.localhost')]);

    const { leadId } = await newLead(server, 'acme.localhost', { FullName: 'Tara Tenant' });
    await settle(server);
    for (const who of [cy, bo, staff]) {
      const pushed = await until(() => who.got.get('lead.captured')?.find((p) => p.leadId === leadId));
      expect(pushed).toMatchObject({ leadId, fullName: 'Tara Tenant', leadType: 'Buyer' });
      expect(pushed.position).toMatch(/^\d+\.\d+$/);
    }
    // A later activity of that lead: the same three get it, nobody else.
    const cyChat = await cy.client.post('/api/dashboard/chat/sendmessage', { leadId, text: 'Hi Tara' });
    expect(cyChat.status, cyChat.text).toBe(200);
    await settle(server);
    await until(() => bo.got.get('lead.activity')?.find((p) => p.leadId === leadId));
    // Give any stray delivery time to arrive before asserting that none did.
    await new Promise((r) => setTimeout(r, 300));
    for (const o of others) {
      const mentions = [...o.got.entries()].flatMap(([, list]) => list).filter((p) => JSON.stringify(p).includes(leadId));
      expect(mentions).toEqual([]);
    }

    // HTTP: 404 from every host for tenant 1's people; and not in their lists.
    for (const [email, host] of [
      [jane.email, 'demo.localhost'],
      [jane.email, 'acme.localhost'],
      [alex.email, 'localhost'],
      [broker.email, 'acme.localhost'],
    ] as const) {
      const c = await signIn(server, email, host);
      expect((await c.get(`/api/dashboard/leads/${leadId}`)).status).toBe(404);
      expect((await c.get(`/api/dashboard/feed/lead/${leadId}`)).status).toBe(404);
      expect((await c.post('/api/dashboard/chat/getchat', { leadId })).status).toBe(404);
      expect((await c.post('/api/dashboard/chat/sendmessage', { leadId, text: 'x' })).status).toBe(404);
      const list = (await c.get('/api/dashboard/leads?perpage=200')).body.leads as { leadId: string }[];
      expect(list.map((l) => l.leadId)).not.toContain(leadId);
    }
    expect((await cy.client.get(`/api/dashboard/leads/${leadId}`)).status).toBe(200);
    expect((await bo.client.get(`/api/dashboard/leads/${leadId}`)).status).toBe(200);
    expect((await staff.client.get(`/api/dashboard/leads/${leadId}`)).status).toBe(200);
  });

  it('within one office an agent sees only their own leads; the broker sees both agents’', async () => {
    const { server } = app;
    const janeClient = await signIn(server, jane.email);
    const alexClient = await signIn(server, alex.email);
    const janes = (await janeClient.get('/api/dashboard/leads?perpage=200')).body.leads as { leadId: string; assignedAgentId: string }[];
    const alexes = (await alexClient.get('/api/dashboard/leads?perpage=200')).body.leads as { leadId: string; assignedAgentId: string }[];
    expect(janes.length).toBeGreaterThan(0);
    expect(alexes.length).toBeGreaterThan(0);
    expect(janes.every((l) => l.assignedAgentId === jane.userId)).toBe(true);
    expect(alexes.every((l) => l.assignedAgentId === alex.userId)).toBe(true);
    for (const l of alexes) expect((await janeClient.get(`/api/dashboard/leads/${l.leadId}`)).status).toBe(404);
    const brokers = (await (await signIn(server, broker.email)).get('/api/dashboard/leads?perpage=200')).body;
    expect(brokers.total).toBe(janes.length + alexes.length);
  });

  it('contract shapes and statuses: the list, one lead with its timeline; 401 signed out, 403 for a lead, 400 past 200 per page', async () => {
    const { server } = app;
    const janeClient = await signIn(server, jane.email);
    const res = await janeClient.get('/api/dashboard/leads');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['leads', 'page', 'perpage', 'total']);
    expect(res.body).toMatchObject({ page: 1, perpage: 50 });
    const first = res.body.leads[0];
    // Section 5's fields, and section 5a's CRM fields (stage, tags, first and last contact, pond).
    expect(Object.keys(first).sort()).toEqual([
      'assignedAgentId',
      'createdAt',
      'email',
      'firstContactAt',
      'fullName',
      'inPond',
      'lastActivityAt',
      'lastContactAt',
      'leadId',
      'leadType',
      'phone',
      'source',
      'stage',
      'tags',
    ]);
    const times = (res.body.leads as { lastActivityAt: string }[]).map((l) => l.lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
    const one = await janeClient.get(`/api/dashboard/leads/${first.leadId}`);
    // Section 5's lead and timeline, and section 5a's notes.
    expect(Object.keys(one.body).sort()).toEqual(['lead', 'notes', 'timeline']);
    expect(one.body.lead).toEqual(first);
    expect(one.body.timeline.map((t: { type: string }) => t.type)).toEqual(expect.arrayContaining(['LeadCaptured', 'InquirySubmitted', 'LeadAssigned']));
    for (const t of one.body.timeline) expect(Object.keys(t).sort()).toEqual(['at', 'summary', 'type']);

    expect((await WebClient.for(server.url, 'localhost').get('/api/dashboard/leads')).status).toBe(401);
    const lead = await signIn(server, 'lead@demo.test');
    expect((await lead.get('/api/dashboard/leads')).status).toBe(403);
    expect((await lead.get(`/api/dashboard/leads/${first.leadId}`)).status).toBe(403);
    expect((await janeClient.get('/api/dashboard/leads?perpage=201')).status).toBe(400);
    expect((await janeClient.get('/api/dashboard/leads?page=2&perpage=1')).body).toMatchObject({ page: 2, perpage: 1 });
    expect((await janeClient.get('/api/dashboard/leads?foo=1')).status).toBe(400);
    expect((await janeClient.get('/api/dashboard/leads/not-an-id')).status).toBe(404);
  });
});
