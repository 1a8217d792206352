import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { RegisterUserCommand } from '../../src/modules/accounts';
import { ClaimWindowReactor } from '../../src/modules/leads';
import { anEvent } from '../support/events';
import { connectSocket, demoUser, newLead, PASSWORD, record, registerOffice, settle, signIn, startDashboardServer, until } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
/** Eight more agents in Blair's office: with Jane and Alex, ten claimers. */
const crew = Array.from({ length: 8 }, (_, i) => ({ userId: randomUUID(), email: `crew${i}@demo.test`, firstName: `Crew${i}`, lastName: 'Agent' }));
const MINUTE = 60_000;

describe('ponds and first-to-claim (contract 5a)', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  /** Another office: its agent must never see or claim this office's pond. */
  let other: { agentEmail: string };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    const commands = server.app.get(CommandBus);
    const ctx = systemContext();
    for (const c of crew) {
      await commands.execute(
        new RegisterUserCommand({ ...c, securityLevel: 10, siteId: null, officeId: broker.userId, cellPhone: null, password: PASSWORD }, ctx),
      );
    }
    other = { agentEmail: (await registerOffice(server, 'acme')).agents[0]!.email };
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await fixture?.stop();
  });

  const events = async (leadId: string) => server.runtime.store.readStream(`lead-${leadId}`);
  const patchRouting = (c: WebClient, body: unknown) => c.request('PATCH', '/api/dashboard/routing', { json: body });
  const socketOf = async (email: string) => {
    const s = await connectSocket(server, await signIn(server, email));
    sockets.push(s);
    return record(s);
  };

  it('routing settings: everyone of the office reads them; the broker (or staff naming the office) changes them; bad windows, agents, leads and strangers are refused', async () => {
    const agent = await signIn(server, jane.email);
    expect((await agent.get('/api/dashboard/routing')).body).toEqual({
      officeId: broker.userId,
      pond: { enabled: false, claimWindowMinutes: 15 },
      copyBrokerOnNewLeads: false,
    });
    const refusedAgent = await patchRouting(agent, { pond: { enabled: true, claimWindowMinutes: 5 } });
    expect([refusedAgent.status, refusedAgent.body]).toEqual([403, { message: 'Only the broker can change the office settings' }]);

    const blair = await signIn(server, broker.email);
    for (const claimWindowMinutes of [1441, -1, 2.5, '10']) {
      const bad = await patchRouting(blair, { pond: { enabled: true, claimWindowMinutes } });
      expect([bad.status, bad.body]).toEqual([400, { message: 'The claim window is a whole number of minutes from 0 to 1440' }]);
    }
    expect((await patchRouting(blair, { pond: { enabled: true } })).status).toBe(400);
    expect((await patchRouting(blair, { copyBrokerOnNewLeads: true, extra: 1 })).body).toEqual({ message: 'Unknown field: extra' });
    const ok = await patchRouting(blair, { pond: { enabled: true, claimWindowMinutes: 1440 }, copyBrokerOnNewLeads: true });
    expect([ok.status, ok.body]).toEqual([200, { officeId: broker.userId, pond: { enabled: true, claimWindowMinutes: 1440 }, copyBrokerOnNewLeads: true }]);
    // The same again changes nothing; turning both back off is one append. The pond is a routing rule: each change is a new version of the rules, with who (issue 19).
    expect((await patchRouting(blair, { pond: { enabled: true, claimWindowMinutes: 1440 }, copyBrokerOnNewLeads: true })).status).toBe(200);
    expect((await patchRouting(blair, { pond: { enabled: false, claimWindowMinutes: 15 }, copyBrokerOnNewLeads: false })).status).toBe(200);
    const office = await server.runtime.store.readStream(`office-${broker.userId}`);
    expect(office.filter((e) => e.type === 'OfficeSettingsChanged').map((e) => e.data)).toEqual([
      { officeId: broker.userId, changes: { copyBrokerOnNewLeads: true } },
      { officeId: broker.userId, changes: { copyBrokerOnNewLeads: false } },
    ]);
    expect(office.filter((e) => e.type === 'RoutingRulesChanged').map((e) => e.data)).toMatchObject([
      { officeId: broker.userId, byUserId: broker.userId, rules: { pond: { enabled: true, claimWindowMinutes: 1440 } } },
      { officeId: broker.userId, byUserId: broker.userId, rules: { pond: { enabled: false, claimWindowMinutes: 15 } } },
    ]);

    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await patchRouting(staff, { copyBrokerOnNewLeads: false })).body).toEqual({ message: 'officeId is required' });
    expect((await staff.get(`/api/dashboard/routing?officeId=${broker.userId}`)).body.officeId).toBe(broker.userId);
    expect((await patchRouting(staff, { officeId: jane.userId, copyBrokerOnNewLeads: true })).status).toBe(404);
    const lead = await signIn(server, 'lead@demo.test', 'demo.localhost');
    expect((await lead.get('/api/dashboard/routing')).status).toBe(403);
    expect((await WebClient.for(server.url, 'localhost').get('/api/dashboard/routing')).status).toBe(401);
    // A state change needs the site's Origin, like every other.
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { copyBrokerOnNewLeads: true }, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('pond-first (window 0): a new lead of the office site goes straight to the pond, in every agent’s list with no agent; ten agents claim at once over HTTP: one 200, nine 409, one LeadClaimed; the others see it gone at once', async () => {
    const blair = await signIn(server, broker.email);
    expect((await patchRouting(blair, { pond: { enabled: true, claimWindowMinutes: 0 } })).status).toBe(200);
    await settle(server);
    const alexSocket = await socketOf(alex.email);
    const cySocket = await socketOf(other.agentEmail);

    const alexClient = await signIn(server, alex.email);
    const before = (await alexClient.get('/api/dashboard/feed')).body.position as string;
    const { leadId } = await newLead(server, 'demo.localhost', { FullName: 'Polly Pond' });
    await settle(server);
    // An agent whose socket was away meanwhile is sent it on reconnecting, like a new lead.
    const missed = (await alexClient.get(`/api/dashboard/feed/since?position=${before}`)).body.events as { name: string; payload: { leadId: string } }[];
    expect(missed.filter((m) => m.payload.leadId === leadId).map((m) => m.name)).toContain('lead.captured');
    const stream = await events(leadId);
    expect(stream.map((e) => e.type)).toEqual(['LeadCaptured', 'InquirySubmitted', 'LeadPutInPond']);
    expect(stream.at(-1)!.data).toEqual({ leadId, siteId: expect.any(String), officeId: broker.userId, fromAgentId: null, reason: 'pond-first' });
    expect(await until(() => alexSocket.get('lead.pond')?.find((p) => p.leadId === leadId))).toMatchObject({
      fullName: 'Polly Pond',
      reason: 'pond-first',
      fromAgentId: null,
    });

    // Every agent of the office lists it (no agent, in the pond) and may open it; the other office may not.
    const claimers = await Promise.all([jane, alex, ...crew].map((a) => signIn(server, a.email)));
    for (const c of claimers.slice(0, 3)) {
      const list = await c.get('/api/dashboard/leads?perpage=200');
      expect(list.body.leads.find((l: { leadId: string }) => l.leadId === leadId)).toMatchObject({
        assignedAgentId: null,
        inPond: true,
        fullName: 'Polly Pond',
      });
      expect((await c.get(`/api/dashboard/pond`)).body.leads.map((l: { leadId: string }) => l.leadId)).toContain(leadId);
      expect((await c.get(`/api/dashboard/leads/${leadId}`)).status).toBe(200);
    }
    const cy = await signIn(server, other.agentEmail);
    expect((await cy.get(`/api/dashboard/leads/${leadId}`)).status).toBe(404);
    expect((await cy.get('/api/dashboard/pond')).body.leads).toEqual([]);
    // Read, not work: an agent cannot text or chat with a pond lead before claiming it.
    const text = await claimers[0]!.post('/api/dashboard/messages/send', { leadIds: [leadId], kind: 'text', body: 'Hi' });
    expect(text.body.skipped).toEqual([{ leadId, reason: 'not-found' }]);
    expect((await claimers[0]!.post('/api/dashboard/chat/getchat', { leadId })).status).toBe(404);

    // Refused before the race: another office's agent (404), a lead (403), staff (403), signed out (401).
    expect((await cy.post(`/api/dashboard/leads/${leadId}/claim`)).status).toBe(404);
    expect((await (await signIn(server, 'lead@demo.test', 'demo.localhost')).post(`/api/dashboard/leads/${leadId}/claim`)).status).toBe(403);
    expect((await (await signIn(server, 'staff@porchlight.test')).post(`/api/dashboard/leads/${leadId}/claim`)).body).toEqual({
      message: 'Only an agent of the office can claim a lead from its pond',
    });
    expect((await WebClient.for(server.url, 'localhost').post(`/api/dashboard/leads/${leadId}/claim`)).status).toBe(401);

    const answers = await Promise.all(claimers.map((c) => c.post(`/api/dashboard/leads/${leadId}/claim`)));
    const won = answers.filter((r) => r.status === 200);
    const lost = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    const winnerId = won[0]!.body.agentId as string;
    const winner = [jane, alex, ...crew].find((a) => a.userId === winnerId)!;
    for (const r of lost) expect(r.body).toEqual({ message: `${winner.firstName} ${winner.lastName} claimed this lead first` });
    const claims = (await events(leadId)).filter((e) => e.type === 'LeadClaimed');
    expect(claims.map((e) => e.data)).toEqual([{ leadId, siteId: expect.any(String), agentId: winnerId, officeId: broker.userId }]);

    // The second agent's socket hears it went; Cy's (another office) never heard of it.
    expect(await until(() => alexSocket.get('lead.claimed')?.find((p) => p.leadId === leadId))).toMatchObject({ leadId, agentId: winnerId });
    expect(cySocket.get('lead.pond') ?? []).toEqual([]);
    expect(cySocket.get('lead.claimed') ?? []).toEqual([]);
    await settle(server);
    const winnerClient = claimers[[jane, alex, ...crew].indexOf(winner)]!;
    expect((await winnerClient.get(`/api/dashboard/leads/${leadId}`)).body.lead).toMatchObject({ assignedAgentId: winnerId, inPond: false });
    const loser = claimers.find((c) => c !== winnerClient)!;
    expect((await loser.get(`/api/dashboard/leads/${leadId}`)).status).toBe(404);
    expect((await loser.get('/api/dashboard/pond')).body.leads.map((l: { leadId: string }) => l.leadId)).not.toContain(leadId);
    // The winner claiming again is a retry: 200, nothing more stored.
    expect((await winnerClient.post(`/api/dashboard/leads/${leadId}/claim`)).status).toBe(200);
    expect((await events(leadId)).filter((e) => e.type === 'LeadClaimed')).toHaveLength(1);

    // An agent's own site is not the office's: its leads still go to the agent.
    const own = await newLead(server, 'jane.localhost');
    await settle(server);
    expect((await events(own.leadId)).at(-1)).toMatchObject({ type: 'LeadAssigned', data: { agentId: jane.userId, rule: 'own-site' } });
  });

  it('claim window: a lead nobody contacted within the window goes to the pond once (an injected clock, two sweepers at once); a contacted one stays; turning the pond off ends the deadlines', async () => {
    const blair = await signIn(server, broker.email);
    expect((await patchRouting(blair, { pond: { enabled: true, claimWindowMinutes: 15 } })).status).toBe(200);
    await settle(server);
    const reactor = server.app.get(ClaimWindowReactor);
    const second = new ClaimWindowReactor(server.runtime.db.pool, server.runtime.store);

    const quiet = await newLead(server, 'demo.localhost', { FullName: 'Quentin Quiet' });
    const called = await newLead(server, 'demo.localhost', { FullName: 'Carla Called' });
    await settle(server);
    const assignedTo = async (leadId: string) => ((await events(leadId)).find((e) => e.type === 'LeadAssigned')!.data as { agentId: string }).agentId;
    const quietAgent = await assignedTo(quiet.leadId);
    const calledAgent = await assignedTo(called.leadId);
    // Carla's agent called her (LeadFirstContacted, which the first-contact feature emits).
    const calledStream = await events(called.leadId);
    await server.runtime.store.append(`lead-${called.leadId}`, calledStream.at(-1)!.streamPosition, [
      anEvent('LeadFirstContacted', {
        leadId: called.leadId,
        siteId: (calledStream[0]!.data as { siteId: string }).siteId,
        byUserId: calledAgent,
        via: 'call',
        at: new Date().toISOString(),
      }),
    ]);
    await settle(server);

    const t0 = Date.now();
    expect(await reactor.sweep(new Date(t0 + 14 * MINUTE))).toBe(0);
    const [a, b] = await Promise.all([reactor.sweep(new Date(t0 + 16 * MINUTE)), second.sweep(new Date(t0 + 16 * MINUTE))]);
    expect(a + b).toBe(1);
    await settle(server);
    expect(await reactor.sweep(new Date(t0 + 60 * MINUTE))).toBe(0);

    const ponded = (await events(quiet.leadId)).filter((e) => e.type === 'LeadPutInPond');
    expect(ponded.map((e) => e.data)).toEqual([
      { leadId: quiet.leadId, siteId: expect.any(String), officeId: broker.userId, fromAgentId: quietAgent, reason: 'not-contacted' },
    ]);
    expect(ponded[0]!.metadata.at).toBe(new Date(t0 + 16 * MINUTE).toISOString());
    expect((await events(called.leadId)).some((e) => e.type === 'LeadPutInPond')).toBe(false);
    // Its agent no longer holds it: it is in the pond for the office.
    const holder = await signIn(server, [jane, alex, ...crew].find((x) => x.userId === quietAgent)!.email);
    expect((await holder.get(`/api/dashboard/leads/${quiet.leadId}`)).body.lead).toMatchObject({ assignedAgentId: null, inPond: true });

    // A lead assigned while the pond is on, then the pond turned off: its deadline ends with it.
    const late = await newLead(server, 'demo.localhost');
    await settle(server);
    expect((await patchRouting(blair, { pond: { enabled: false, claimWindowMinutes: 15 } })).status).toBe(200);
    await settle(server);
    expect(await reactor.sweep(new Date(t0 + 120 * MINUTE))).toBe(0);
    expect((await events(late.leadId)).some((e) => e.type === 'LeadPutInPond')).toBe(false);
  });
});
