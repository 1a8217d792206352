import { describe, expect, it } from 'vitest';
import { demoSite, demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';

const agent = demoUser('agent');
const agent2 = demoUser('agent2');
const broker = demoUser('broker');

describe('lead routing: rules as data, decided by the router, as events', () => {
  const app = dashboardServer();

  const assignment = async (leadId: string) => {
    await settle(app.server);
    const events = await app.server.runtime.store.readStream(`lead-${leadId}`);
    return events.find((e) => e.type === 'LeadAssigned')?.data as { agentId: string; officeId: string | null; rule: string; ruleVersion: number } | undefined;
  };

  it('the demo leads were routed by the rules: jane to Jane, demo round robin between both agents', async () => {
    const { server } = app;
    const staff = await signIn(server, 'staff@porchlight.test');
    const res = await staff.get('/api/dashboard/leads?perpage=200');
    expect(res.status).toBe(200);
    const leads = res.body.leads as { assignedAgentId: string; email: string }[];
    expect(leads).toHaveLength(6);
    expect(leads.every((l) => l.assignedAgentId)).toBe(true);
    const byEmail = new Map(leads.map((l) => [l.email, l.assignedAgentId]));
    expect(byEmail.get('chris.young@example.com')).toBe(agent.userId);
    expect(byEmail.get('dana.whitfield@example.com')).toBe(agent.userId);
    const demoAgents = ['maria.lopez@example.com', 'tom.becker@example.com', 'priya.nair@example.com', 'lead@demo.test'].map((e) => byEmail.get(e));
    expect(new Set(demoAgents)).toEqual(new Set([agent.userId, agent2.userId]));
  });

  it('own site: every lead of jane.localhost goes to Jane (rule own-site), visible to her broker', async () => {
    const { server } = app;
    const { leadId } = await newLead(server, 'jane.localhost');
    expect(await assignment(leadId)).toMatchObject({ agentId: agent.userId, officeId: broker.userId, rule: 'own-site', ruleVersion: 0 });
  });

  it('broker site: round robin alternates between the active agents, and skips an inactive one', async () => {
    const { server } = app;
    const a = await assignment((await newLead(server, 'demo.localhost')).leadId);
    const b = await assignment((await newLead(server, 'demo.localhost')).leadId);
    expect(a?.rule).toBe('round-robin');
    expect(b?.rule).toBe('round-robin');
    expect(new Set([a!.agentId, b!.agentId])).toEqual(new Set([agent.userId, agent2.userId]));

    const brokerClient = await signIn(server, broker.email);
    expect((await brokerClient.post(`/api/dashboard/agents/${agent2.userId}/deactivate`)).status).toBe(200);
    await settle(server);
    const turns = [];
    for (let i = 0; i < 3; i++) turns.push((await assignment((await newLead(server, 'demo.localhost')).leadId))!.agentId);
    expect(turns).toEqual([agent.userId, agent.userId, agent.userId]);

    // Everyone out: the broker takes the leads (owner-fallback); back in: the rotation resumes.
    expect((await brokerClient.post(`/api/dashboard/agents/${agent.userId}/deactivate`)).status).toBe(200);
    await settle(server);
    expect(await assignment((await newLead(server, 'demo.localhost')).leadId)).toMatchObject({ agentId: broker.userId, rule: 'owner-fallback' });
    await brokerClient.post(`/api/dashboard/agents/${agent.userId}/activate`);
    await brokerClient.post(`/api/dashboard/agents/${agent2.userId}/activate`);
    await settle(server);
  });

  it('round robin under concurrency: leads captured at once never take the same turn', async () => {
    const { server } = app;
    const before = (await server.runtime.store.readStream(`routing-${demoSite('demo').siteId}`)).length;
    const leads = await Promise.all(Array.from({ length: 8 }, () => newLead(server, 'demo.localhost')));
    const got = await Promise.all(leads.map((l) => assignment(l.leadId)));
    const turns = (await server.runtime.store.readStream(`routing-${demoSite('demo').siteId}`)).slice(before);
    expect(turns).toHaveLength(8);
    // Each turn follows the previous one: strictly alternating between the two agents.
    const agents = turns.map((t) => (t.data as { agentId: string }).agentId);
    for (let i = 1; i < agents.length; i++) expect(agents[i]).not.toBe(agents[i - 1]);
    expect(got.filter((g) => g?.agentId === agent.userId)).toHaveLength(4);
  });

  it('listing agent: an inquiry about a listing linked to an agent of the office goes to that agent', async () => {
    const { server } = app;
    const brokerClient = await signIn(server, broker.email);
    expect((await brokerClient.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-42', agentId: agent2.userId })).status).toBe(200);
    await settle(server);
    for (let i = 0; i < 2; i++) {
      const { leadId } = await newLead(server, 'demo.localhost', { pdid: 'DEMO-42' });
      expect(await assignment(leadId)).toMatchObject({ agentId: agent2.userId, rule: 'listing-agent' });
    }
    // An agent of another office cannot be linked; an agent cannot deactivate anyone.
    const agentClient = await signIn(server, agent.email);
    expect((await agentClient.post(`/api/dashboard/agents/${agent2.userId}/deactivate`)).status).toBe(403);
  });

  it('listing agent: an agent may not take a listing the broker gave someone else, only claim one nobody holds where the office allows it (issue 12)', async () => {
    const { server } = app;
    const agentClient = await signIn(server, agent.email);
    const brokerClient = await signIn(server, broker.email);
    // DEMO-42 is agent2's (the broker linked it above): Jane cannot take it, nor unlink it.
    const taken = await agentClient.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-42', agentId: agent.userId });
    expect([taken.status, taken.body]).toEqual([
      403,
      { message: 'This listing is already linked to another agent of your office; only your broker can change it' },
    ]);
    const unlinked = await agentClient.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-42', agentId: null });
    expect([unlinked.status, unlinked.body]).toEqual([403, { message: 'Only your broker can unlink a listing' }]);
    await settle(server);
    expect(await assignment((await newLead(server, 'demo.localhost', { pdid: 'DEMO-42' })).leadId)).toMatchObject({
      agentId: agent2.userId,
      rule: 'listing-agent',
    });

    // A listing nobody holds: an office that never chose lets her claim it, and its leads follow.
    expect((await agentClient.get('/api/dashboard/office/settings')).body).toMatchObject({
      officeId: broker.userId,
      settings: { agentsMayClaimListings: true },
    });
    expect((await agentClient.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-77', agentId: agent.userId })).status).toBe(200);
    await settle(server);
    expect(await assignment((await newLead(server, 'demo.localhost', { pdid: 'DEMO-77' })).leadId)).toMatchObject({
      agentId: agent.userId,
      rule: 'listing-agent',
    });
    // ...and then agent2 cannot take it from her; the broker can.
    const agent2Client = await signIn(server, agent2.email);
    expect((await agent2Client.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-77', agentId: agent2.userId })).status).toBe(403);
    expect((await brokerClient.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-77', agentId: agent2.userId })).status).toBe(200);

    // The broker turns claims off; agents cannot turn them back on.
    const off = await brokerClient.post('/api/dashboard/office/settings', { agentsMayClaimListings: false });
    expect(off.body).toMatchObject({ isSuccess: true, officeId: broker.userId, settings: { agentsMayClaimListings: false } });
    const claim = await agentClient.post('/api/dashboard/routing/listingagent', { pdid: 'DEMO-78', agentId: agent.userId });
    expect([claim.status, claim.body]).toEqual([403, { message: 'Your office does not let agents claim listings; ask your broker to link it to you' }]);
    const agentSettings = await agentClient.post('/api/dashboard/office/settings', { agentsMayClaimListings: true });
    expect([agentSettings.status, agentSettings.body]).toEqual([403, { message: 'Only the broker can change the office settings' }]);
    // Staff name the office.
    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await staff.post('/api/dashboard/office/settings', { agentsMayClaimListings: true })).status).toBe(400);
    expect((await staff.post('/api/dashboard/office/settings', { agentsMayClaimListings: true, officeId: broker.userId })).body.settings).toMatchObject({
      agentsMayClaimListings: true,
    });
    const events = await server.runtime.store.readStream(`office-${broker.userId}`);
    expect(events.filter((e) => e.type === 'OfficeSettingsChanged').map((e) => e.data)).toEqual([
      { officeId: broker.userId, changes: { agentsMayClaimListings: false } },
      { officeId: broker.userId, changes: { agentsMayClaimListings: true } },
    ]);
  });

  it('reassignment by the broker is an event; the new agent sees the lead, the old one gets 404', async () => {
    const { server } = app;
    const { leadId } = await newLead(server, 'jane.localhost');
    await assignment(leadId);
    const brokerClient = await signIn(server, broker.email);
    const res = await brokerClient.post(`/api/dashboard/leads/${leadId}/reassign`, { agentId: agent2.userId });
    expect(res.status, res.text).toBe(200);
    await settle(server);
    const events = await server.runtime.store.readStream(`lead-${leadId}`);
    expect(events.at(-1)).toMatchObject({ type: 'LeadReassigned', data: { fromAgentId: agent.userId, agentId: agent2.userId, byUserId: broker.userId } });
    expect((await (await signIn(server, agent2.email)).get(`/api/dashboard/leads/${leadId}`)).status).toBe(200);
    expect((await (await signIn(server, agent.email)).get(`/api/dashboard/leads/${leadId}`)).status).toBe(404);
    expect((await (await signIn(server, agent.email)).post(`/api/dashboard/leads/${leadId}/reassign`, { agentId: agent.userId })).status).toBe(404);
  });
});
