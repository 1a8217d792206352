import { setTimeout as sleep } from 'node:timers/promises';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { stableId } from '../../src/shared/stable-id';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { ShowingNoticesReactor, ShowingRequests } from '../../src/modules/showings';
import { NOTHING_TO_ACCEPT, TIME_CHANGED } from '../../src/modules/showings/answer-showing/answer-showing.decide';
import { LINK_NOT_VALID } from '../../src/modules/showings/answer-showing/answer-showing.http';
import { connectSocket, demoUser, newLead, record, settle, signIn, startDashboardServer, until } from '../support/dashboard-fixture';
import { mailsTo } from '../support/mail-outbox';
import { msQueuedToTaken } from '../support/push-delay';
import { type PushServiceStandIn, type ReceivedPush, startPushServiceStandIn } from '../support/push-service-stand-in';
import { home } from '../support/reso-home';
import { signedAgreement } from '../support/buyer-agreement';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');

/** Issue 16 part 5: the lead answers the office's proposed time (organizer, or the e-mail's one-use link), cancellations reach the other side, the timeline and the calendar follow. */
describe('showings: the lead accepts a proposed time or cancels; the timeline and the calendar follow live', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let standIn: PushServiceStandIn;
  let janeC: WebClient;
  const sockets: Socket[] = [];
  const pool = () => server.runtime.db.pool;
  const patch = (showingId: string, json: Record<string, unknown>) => janeC.request('PATCH', `/api/dashboard/showings/${showingId}`, { json });
  /** Sends what the notices owe now; answers the mails to the address. */
  const flush = async (to: string) => {
    await settle(server);
    await server.app.get(ShowingNoticesReactor).notices.send(new Date());
    return mailsTo(pool(), to);
  };
  const inDays = (d: number, hour = 18) => new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 10 + d, hour)).toISOString();
  /** A lead with a requested showing of T-P1 at the time they asked for. */
  const requested = async (name: string) => {
    const lead = await newLead(server, 'jane.localhost', { FullName: name });
    await settle(server);
    // Touring needs a buyer agreement in force (contract section 13), whoever confirms.
    await signedAgreement(janeC, lead.leadId);
    expect((await lead.client.post('/api/organizer/schedule', { pdid: 'T-P1', preferredAt: inDays(1) })).status).toBe(204);
    await settle(server);
    await server.app.get(ShowingRequests).run();
    await settle(server);
    const [s] = (await janeC.get(`/api/dashboard/showings?leadId=${lead.leadId}`)).body.showings as { showingId: string }[];
    return { ...lead, showingId: s!.showingId };
  };
  const acceptLinkOf = (text: string) => /Accept this time: (\S+)/.exec(text)![1]!;
  const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;
  const timeline = async (leadId: string) =>
    ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { type: string; summary: string }[]).map((t) => `${t.type}: ${t.summary}`);

  beforeAll(async () => {
    standIn = await startPushServiceStandIn();
    fixture = await startDashboardServer({ PUSH_TEST_ORIGINS: standIn.origin });
    server = fixture.server;
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('P1') }] satisfies ImportItem[], { mls: 'T', ctx: systemContext() });
    janeC = await signIn(server, jane.email, 'jane.localhost');
    standIn.expectKey((await janeC.get('/api/push/publickey')).body.publicKey);
    expect((await janeC.post('/api/push/subscribe', standIn.subscribe('jane'))).status).toBe(200);
    await settle(server);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await fixture?.stop();
    await standIn?.close();
  });

  it('another time proposed by the agent is e-mailed with a link that accepts it once, without signing in; the invitation follows; the timeline says so', async () => {
    const lead = await requested('Ann Accepter');
    expect((await patch(lead.showingId, { start: inDays(2) })).status).toBe(200);
    const [proposal, ...others] = (await flush(lead.email)).filter((m) => m.subject.startsWith('Proposed showing'));
    expect(others).toEqual([]);
    expect(proposal!.subject).toMatch(/^Proposed showing: 200 Pine St, Seattle, WA 98101, /);
    expect(proposal!.text).toContain('Jane Agent proposes a time for your showing:');
    const url = acceptLinkOf(proposal!.text);
    expect(url.startsWith(`${server.runtime.config.publicUrl}/showings/answer?t=`)).toBe(true);
    // A second sweep sends the proposal no more.
    expect((await flush(lead.email)).filter((m) => m.subject.startsWith('Proposed showing'))).toHaveLength(1);

    const anyone = WebClient.for(server.url, 'jane.localhost');
    const seen = await anyone.get(`/api/showings/answer?t=${encodeURIComponent(tokenOf(url))}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({
      linkSequence: 1,
      showing: { showingId: lead.showingId, status: 'requested', sequence: 1, canAccept: true, address: '200 Pine St, Seattle, WA 98101' },
    });
    const accepted = await anyone.post('/api/showings/answer', { t: tokenOf(url) });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.showing).toMatchObject({ status: 'confirmed', canAccept: false });
    // Used again: nothing more.
    expect((await anyone.post('/api/showings/answer', { t: tokenOf(url) })).body.showing).toMatchObject({ status: 'confirmed' });
    const stream = await server.runtime.store.readStream(`showing-${lead.showingId}`);
    expect(stream.map((e) => e.type)).toEqual(['ShowingProposed', 'ShowingRescheduled', 'ShowingConfirmed']);
    expect(stream[2]!.data).toMatchObject({ agentId: jane.userId, byLead: true });
    expect((await flush(lead.email)).map((m) => m.subject.split(':')[0])).toContain('Showing confirmed');

    // A forged or edited token is refused.
    const forged = await anyone.post('/api/showings/answer', { t: `${tokenOf(url).slice(0, -2)}xx` });
    expect(forged).toMatchObject({ status: 403, body: { message: LINK_NOT_VALID } });
    expect((await anyone.get('/api/showings/answer?t=nonsense')).status).toBe(403);

    expect(await timeline(lead.leadId)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ShowingRescheduled: Showing of 200 Pine St moved to /),
        expect.stringMatching(/^ShowingConfirmed: Accepted the showing of 200 Pine St on /),
      ]),
    );
  });

  it('a link for a time the agent changed since accepts nothing; in the organizer the lead sees and accepts the new time; what is not theirs is 404', async () => {
    const lead = await requested('Ben Later');
    expect((await patch(lead.showingId, { start: inDays(3) })).status).toBe(200);
    const url = acceptLinkOf((await flush(lead.email)).find((m) => m.subject.startsWith('Proposed showing'))!.text);
    expect((await patch(lead.showingId, { start: inDays(4) })).status).toBe(200);
    const stale = await WebClient.for(server.url, 'localhost').post('/api/showings/answer', { t: tokenOf(url) });
    expect(stale).toMatchObject({ status: 409, body: { message: TIME_CHANGED } });

    const mine = await lead.client.get('/api/organizer/showings');
    expect(mine.status).toBe(200);
    expect(mine.body.showings).toEqual([
      expect.objectContaining({ showingId: lead.showingId, status: 'requested', sequence: 2, canAccept: true, start: inDays(4) }),
    ]);
    expect((await lead.client.post(`/api/organizer/showings/${lead.showingId}/accept`, { sequence: 1 })).body.message).toBe(TIME_CHANGED);
    const ok = await lead.client.post(`/api/organizer/showings/${lead.showingId}/accept`, { sequence: 2 });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.showing).toMatchObject({ status: 'confirmed' });

    // Another lead's showing, signed out, the office's own request: refused.
    const other = await requested('Cleo Other');
    expect((await lead.client.post(`/api/organizer/showings/${other.showingId}/accept`, {})).status).toBe(404);
    expect((await lead.client.post(`/api/organizer/showings/${other.showingId}/cancel`, {})).status).toBe(404);
    expect((await WebClient.for(server.url, 'jane.localhost').get('/api/organizer/showings')).status).toBe(401);
    expect((await other.client.post(`/api/organizer/showings/${other.showingId}/accept`, {})).body.message).toBe(NOTHING_TO_ACCEPT);
    expect((await other.client.post(`/api/organizer/showings/${other.showingId}/accept`, { sequence: 'x' })).status).toBe(400);
  });

  it("the lead cancels from the organizer: the agent is told by e-mail and web push, the timeline says who; the agent's calendar hears every change live", async () => {
    const janeSocket = await connectSocket(server, janeC);
    sockets.push(janeSocket);
    const got = record(janeSocket);
    const alexSocket = await connectSocket(server, await signIn(server, alex.email));
    sockets.push(alexSocket);
    const alexGot = record(alexSocket);

    const lead = await requested('Dora Dropout');
    await until(() => got.get('calendar.changed')?.some((p) => p.id === lead.showingId && p.kind === 'showing'));
    expect((await patch(lead.showingId, { status: 'confirmed' })).status).toBe(200);
    await flush(lead.email);
    const before = got.get('calendar.changed')!.length;
    const cancelled = await lead.client.post(`/api/organizer/showings/${lead.showingId}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.showing).toMatchObject({ status: 'cancelled' });
    await until(() => got.get('calendar.changed')!.length > before);

    const toAgent = (await flush(jane.email)).filter((m) => m.subject.startsWith('Showing cancelled') && m.text.includes('Dora Dropout'));
    expect(toAgent).toHaveLength(1);
    expect(toAgent[0]!.text).toContain('Dora Dropout cancelled the showing of 200 Pine St, Seattle, WA 98101');
    const push = await standIn.waitFor((p) => p.path === '/push/jane' && (p.payload as { title?: string }).title === 'A lead cancelled a showing');
    expect(push.payload).toMatchObject({
      body: expect.stringMatching(/^Dora Dropout: 200 Pine St, Seattle, WA 98101, /),
      url: `/dashboard?lead=${lead.leadId}`,
    });
    // The lead gets the cancellation too (with METHOD:CANCEL for their calendar).
    expect((await mailsTo(pool(), lead.email)).filter((m) => m.subject.startsWith('Showing cancelled'))).toHaveLength(1);
    expect(await timeline(lead.leadId)).toEqual(expect.arrayContaining([expect.stringMatching(/^ShowingCancelled: Cancelled the showing of 200 Pine St on /)]));

    // A task due is a calendar change too; another office member's calendar hears nothing of Jane's.
    const task = await janeC.post(`/api/dashboard/leads/${lead.leadId}/tasks`, { title: 'Call back', type: 'call', dueAt: inDays(5) });
    expect(task.status, task.text).toBe(201);
    await until(() => got.get('calendar.changed')?.some((p) => p.kind === 'task'));
    expect(alexGot.get('calendar.changed') ?? []).toEqual([]);
  });

  it("a lead's cancellation is pushed to the agent as soon as it is queued, well within the web push sweep (every 2 s): the notices wake the sender", async () => {
    const leads = [];
    for (const name of ['Eve Early', 'Finn Fickle', 'Gus Gone', 'Hal Halt', 'Ivy Idle', 'Jo Jilt']) leads.push(await requested(name));
    const delays: number[] = [];
    // Each cancelled a third of a second later after the last push than the one before, so queued at moments across the sweep's
    // 2 s: whatever the moments, some of those that waited for the sweep would be late.
    for (const [i, lead] of leads.entries()) {
      await sleep(i * 333);
      expect((await lead.client.post(`/api/organizer/showings/${lead.showingId}/cancel`, {})).status).toBe(200);
      const pushed = (p: ReceivedPush) => p.path === '/push/jane' && (p.payload as { tag?: string }).tag === `showing-${lead.showingId}`;
      delays.push(await msQueuedToTaken(pool(), standIn, pushed, (id) => stableId(`web push ${id}`)));
    }
    expect(Math.max(...delays), `from queued to taken, ms: ${delays.join(', ')}`).toBeLessThan(1000);
  });
});
