import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoUser, janesLead, newLead, registerOffice, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');

/** POST /api/dashboard/leads/{leadId}/calls (contract 5b): CallLogged on calls-{leadId}, the timeline line, the scope. */
describe('logging calls on a lead', () => {
  const app = dashboardServer();
  let leadId: string;
  let janeC: WebClient;

  const calls = async (id: string) => (await app.server.runtime.store.readStream(`calls-${id}`)).map((e) => e.data);
  const detail = async (c: WebClient, id: string) =>
    (await c.get(`/api/dashboard/leads/${id}`)).body as { lead: { lastContactAt: string | null }; timeline: { type: string; summary: string }[] };

  beforeAll(async () => {
    const { server } = app;
    ({ leadId } = await janesLead(server, { FullName: 'Carl Caller' }));
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });

  it('the agent logs a call: 201 {callId}, CallLogged with what was said, and the timeline says "Call logged: connected (4:05)"', async () => {
    const { server } = app;
    const res = await janeC.post(`/api/dashboard/leads/${leadId}/calls`, {
      outcome: 'connected',
      durationSeconds: 245,
      notes: '  Wants to see Pine St on Saturday  ',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ callId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await calls(leadId)).toEqual([
      {
        leadId,
        siteId: expect.any(String),
        callId: res.body.callId,
        byUserId: jane.userId,
        outcome: 'connected',
        durationSeconds: 245,
        notes: 'Wants to see Pine St on Saturday',
      },
    ]);
    await settle(server);
    const d = await detail(janeC, leadId);
    const calledLines = (t: { type: string; summary: string }[]) => t.filter((x) => x.type === 'CallLogged').map((x) => x.summary);
    expect(calledLines(d.timeline)).toEqual(['Call logged: connected (4:05) — Wants to see Pine St on Saturday']);
    expect(d.lead.lastContactAt).not.toBeNull();

    // The call is the lead's first contact (the pipeline's first-contact reactor): New moves on to Attempted contact.
    const leadEvents = async () =>
      (await server.runtime.store.readStream(`lead-${leadId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
    await expect.poll(async () => (await leadEvents()).some((e) => e.type === 'LeadFirstContacted'), { timeout: 15_000 }).toBe(true);
    const contact = (await leadEvents()).filter((e) => e.type === 'LeadFirstContacted' || e.type === 'LeadStageChanged');
    expect(contact).toEqual([
      { type: 'LeadFirstContacted', data: { leadId, siteId: expect.any(String), byUserId: jane.userId, via: 'call', at: expect.any(String) } },
      { type: 'LeadStageChanged', data: { leadId, siteId: expect.any(String), stage: 'Attempted contact', fromStage: 'New', byUserId: null } },
    ]);

    // No duration, no notes: the line is the outcome alone.
    expect((await janeC.post(`/api/dashboard/leads/${leadId}/calls`, { outcome: 'left-voicemail' })).status).toBe(201);
    await settle(server);
    expect(calledLines((await detail(janeC, leadId)).timeline)[0]).toBe('Call logged: left voicemail');
  });

  it('the same callId again (a retried form) is one call', async () => {
    const callId = randomUUID();
    const before = (await calls(leadId)).length;
    const answers = await Promise.all([1, 2, 3].map(() => janeC.post(`/api/dashboard/leads/${leadId}/calls`, { outcome: 'no-answer', callId })));
    expect(answers.map((r) => [r.status, r.body.callId])).toEqual([
      [201, callId],
      [201, callId],
      [201, callId],
    ]);
    expect((await calls(leadId)).length).toBe(before + 1);
  });

  it('refuses what is not a call: an unknown outcome, a negative or fractional duration, notes too long, unknown fields', async () => {
    const post = (body: unknown) => janeC.post(`/api/dashboard/leads/${leadId}/calls`, body);
    expect((await post({})).body).toEqual({ message: 'outcome must be connected, left-voicemail, no-answer or wrong-number' });
    expect((await post({ outcome: 'busy' })).body).toEqual({ message: 'outcome must be connected, left-voicemail, no-answer or wrong-number' });
    expect((await post({ outcome: 'connected', durationSeconds: -1 })).status).toBe(400);
    expect((await post({ outcome: 'connected', durationSeconds: 2.5 })).status).toBe(400);
    expect((await post({ outcome: 'connected', durationSeconds: 13 * 3600 })).status).toBe(400);
    expect((await post({ outcome: 'connected', notes: 'x'.repeat(2001) })).body).toEqual({ message: 'notes is too long (at most 2000 characters)' });
    expect((await post({ outcome: 'connected', byUserId: alex.userId })).body).toEqual({ message: 'Unknown field: byUserId' });
  });

  it('scope: another agent 404, the broker and staff 201, a lead 403, signed out 401, another office 404, an unknown lead 404', async () => {
    const { server } = app;
    const body = { outcome: 'connected', durationSeconds: 60 };
    const post = (c: WebClient, id = leadId) => c.post(`/api/dashboard/leads/${id}/calls`, body);
    expect((await post(await signIn(server, alex.email))).status).toBe(404);
    expect((await post(await signIn(server, broker.email))).status).toBe(201);
    expect((await post(await signIn(server, 'staff@porchlight.test'))).status).toBe(201);
    expect((await post(await signIn(server, 'lead@demo.test', 'demo.localhost'))).status).toBe(403);
    expect((await post(WebClient.for(server.url, 'localhost'))).status).toBe(401);
    const acme = await registerOffice(server, 'acme-calls');
    expect((await post(await signIn(server, acme.agents[0]!.email))).status).toBe(404);
    expect((await post(janeC, randomUUID())).status).toBe(404);
    expect((await post(janeC, 'not-a-lead')).status).toBe(404);
  });

  it('a pond lead: agents of the office may read it but log no call on it until one claims it', async () => {
    const { server } = app;
    const blair = await signIn(server, broker.email);
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: true, claimWindowMinutes: 0 } } })).status).toBe(200);
    await settle(server);
    const { leadId: pondLead } = await newLead(server, 'demo.localhost', { FullName: 'Polly Pond' });
    await settle(server);
    const alexC = await signIn(server, alex.email);
    expect((await alexC.get(`/api/dashboard/leads/${pondLead}`)).status).toBe(200);
    expect((await alexC.post(`/api/dashboard/leads/${pondLead}/calls`, { outcome: 'no-answer' })).status).toBe(404);
    expect((await alexC.post(`/api/dashboard/leads/${pondLead}/claim`)).status).toBe(200);
    expect((await alexC.post(`/api/dashboard/leads/${pondLead}/calls`, { outcome: 'no-answer' })).status).toBe(201);
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: false, claimWindowMinutes: 0 } } })).status).toBe(200);
  });
});
