import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { RegisterUserCommand } from '../../src/modules/accounts';
import { DEFAULT_STAGES } from '../../src/modules/office/office.events';
import { connectSocket, demoSite, demoUser, janesLead, PASSWORD, record, settle, signIn, until } from '../support/dashboard-fixture';
import { home, importHomes } from '../organizer/organizer-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const staff = demoUser('staff');
const LEAD_KEYS = [
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
];

type Timeline = { type: string; at: string; summary: string }[];

/** Issue 15's pipeline: PATCH a lead, first contact, the board's live moves, the office pipeline, and what the timeline says. */
describe('working a lead: stages, tags, contact, first contact, the board and the pipeline', () => {
  const app = dashboardServer();
  let janeClient: WebClient;
  const sockets: Socket[] = [];
  const patch = (c: WebClient, leadId: string, json: unknown) => c.request('PATCH', `/api/dashboard/leads/${leadId}`, { json });
  const leadOf = async (c: WebClient, leadId: string) =>
    (await c.get(`/api/dashboard/leads/${leadId}`)).body as { lead: Record<string, unknown>; timeline: Timeline };
  /** A new lead of Jane's own site (routed to Jane, office of the demo broker). */
  const eventsOf = async (streamId: string, type: string) =>
    (await app.server.runtime.db.pool.query('SELECT data FROM events WHERE stream_id = $1 AND type = $2', [streamId, type])).rows;

  beforeAll(async () => {
    const { server } = app;
    janeClient = await signIn(server, jane.email);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  it('PATCH answers the lead in the contract shape; stage by any spelling, tags trimmed and deduplicated; an unknown stage is 400', async () => {
    const { server } = app;
    const { leadId } = await janesLead(server);
    const res = await patch(janeClient, leadId, { stage: 'active', tags: [' Hot ', 'hot', 'Pre-approved'] });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(LEAD_KEYS);
    expect(res.body).toMatchObject({ leadId, stage: 'Active', tags: ['Hot', 'Pre-approved'], assignedAgentId: jane.userId });
    await settle(server);
    expect((await leadOf(janeClient, leadId)).lead).toMatchObject({ stage: 'Active', tags: ['Hot', 'Pre-approved'] });

    const unknown = await patch(janeClient, leadId, { stage: 'Hot prospects' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: '"Hot prospects" is not a stage of this office\'s pipeline' });
    expect((await patch(janeClient, leadId, { tags: ['x'.repeat(41)] })).body).toEqual({ message: 'A tag is 1 to 40 characters' });
    expect((await patch(janeClient, leadId, { color: 'red' })).status).toBe(400);
  });

  it('scoping: the other agent 404, a lead 403, signed out 401; the broker and staff may; reassigning is the broker’s, to an agent of the office', async () => {
    const { server } = app;
    const { leadId, client: leadClient } = await janesLead(server);
    expect((await patch(await signIn(server, alex.email), leadId, { stage: 'Active' })).status).toBe(404);
    expect((await patch(leadClient, leadId, { stage: 'Active' })).status).toBe(403);
    expect((await patch(WebClient.for(server.url), leadId, { stage: 'Active' })).status).toBe(401);
    expect((await patch(janeClient, randomUUID(), { stage: 'Active' })).status).toBe(404);
    expect((await patch(janeClient, leadId, { stage: 'Active' })).status).toBe(200);
    expect((await patch(await signIn(server, staff.email), leadId, { stage: 'Nurture' })).body.stage).toBe('Nurture');

    expect(await patch(janeClient, leadId, { assignedAgentId: alex.userId })).toMatchObject({
      status: 403,
      body: { message: 'Only the broker reassigns leads' },
    });
    const brokerClient = await signIn(server, broker.email);
    const outsider = randomUUID();
    await server.app.get(CommandBus).execute(
      new RegisterUserCommand(
        {
          userId: outsider,
          email: `o-${outsider.slice(0, 6)}@acme.test`,
          firstName: 'Oz',
          lastName: 'Outside',
          securityLevel: 10,
          siteId: demoSite('demo').siteId,
          officeId: null,
          password: PASSWORD,
        },
        systemContext(),
      ),
    );
    expect(await patch(brokerClient, leadId, { assignedAgentId: outsider })).toMatchObject({
      status: 400,
      body: { message: 'That agent is not in this office' },
    });
    const moved = await patch(brokerClient, leadId, { assignedAgentId: alex.userId, stage: 'Appointment set' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ assignedAgentId: alex.userId, stage: 'Appointment set' });
    await settle(server);
    expect((await janeClient.get(`/api/dashboard/leads/${leadId}`)).status).toBe(404);
    expect(await eventsOf(`lead-${leadId}`, 'LeadReassigned')).toHaveLength(1);
  });

  it('a contact edit uses the inquiry’s messages and changes the lead, never the lead’s account or its consent', async () => {
    const { server } = app;
    const { leadId, client: leadClient } = await janesLead(server, { Phone: '2065550142' });
    const meBefore = (await leadClient.get('/api/account/me')).body;
    const accountEvents = async () =>
      (await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`user-${meBefore.userDID as string}`])).rows[0]
        .n as number;
    const before = await accountEvents();
    expect((await patch(janeClient, leadId, { email: 'nope' })).body).toEqual({ message: 'Please enter a valid email' });
    expect((await patch(janeClient, leadId, { phone: '555' })).body).toEqual({ message: 'Please enter a valid phone number' });
    const res = await patch(janeClient, leadId, { fullName: 'Vera V. Visitor', email: 'Vera.Work@Example.com', phone: '425-555-0199' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ fullName: 'Vera V. Visitor', email: 'vera.work@example.com', phone: '4255550199' });
    await settle(server);
    const meAfter = (await leadClient.get('/api/account/me')).body;
    expect(meAfter.cellPhone).toBe(meBefore.cellPhone);
    expect(meAfter.user_UnsubscribeText).toBe(meBefore.user_UnsubscribeText);
    // Nothing was appended to the lead's account: no consent granted, no address or cell changed.
    expect(await accountEvents()).toBe(before);
    expect((await leadOf(janeClient, leadId)).lead).toMatchObject({ fullName: 'Vera V. Visitor', email: 'vera.work@example.com', phone: '4255550199' });
    expect((await leadOf(janeClient, leadId)).timeline[0]!.summary).toBe('Contact details edited');
  });

  it('first contact by text: recorded once at the text’s time, and New becomes Attempted contact', async () => {
    const { server } = app;
    const { leadId } = await janesLead(server, { Phone: '2065550143' });
    expect((await leadOf(janeClient, leadId)).lead).toMatchObject({ stage: 'New', firstContactAt: null });
    const sent = await janeClient.post('/api/dashboard/messages/send', { leadIds: [leadId], kind: 'text', body: 'Hi, this is Jane' });
    expect(sent.body).toMatchObject({ sent: 1 });
    const after = (
      await waitFor(
        () => leadOf(janeClient, leadId),
        (d) => d.lead.stage === 'Attempted contact' && d.lead.firstContactAt !== null,
      )
    ).lead;
    const [text] = await server.runtime.db.pool
      .query(`SELECT metadata->>'at' AS at FROM events WHERE stream_id = $1 AND type = 'TextMessageSent'`, [`sms-${leadId}`])
      .then((r) => r.rows);
    expect(after.firstContactAt).toBe(new Date(text.at).toISOString());
    await janeClient.post('/api/dashboard/messages/send', { leadIds: [leadId], kind: 'text', body: 'Following up' });
    await settle(server);
    await new Promise((r) => setTimeout(r, 300));
    await settle(server);
    expect(await eventsOf(`lead-${leadId}`, 'LeadFirstContacted')).toEqual([
      { data: { leadId, siteId: demoSite('jane').siteId, byUserId: jane.userId, via: 'text', at: text.at } },
    ]);
    const summaries = (await leadOf(janeClient, leadId)).timeline.map((t) => t.summary);
    expect(summaries).toEqual(expect.arrayContaining(['First contact (text message)', 'Moved from New to Attempted contact (automatically)']));
  });

  it('first contact by chat: the lead’s own message is none; the agent’s reply is', async () => {
    const { server } = app;
    const { leadId, client: leadClient } = await janesLead(server);
    expect((await leadClient.post('/api/dashboard/chat/sendmessage', { text: 'Is it still for sale?' })).status).toBe(200);
    await settle(server);
    await new Promise((r) => setTimeout(r, 200));
    expect((await leadOf(janeClient, leadId)).lead.firstContactAt).toBeNull();
    expect((await janeClient.post('/api/dashboard/chat/sendmessage', { leadId, text: 'Yes! Want to see it?' })).status).toBe(200);
    const after = await waitFor(
      () => leadOf(janeClient, leadId),
      (d) => d.lead.stage === 'Attempted contact' && d.lead.firstContactAt !== null,
    );
    expect(after.timeline.map((t) => t.summary)).toContain('First contact (chat)');
    expect((await eventsOf(`lead-${leadId}`, 'LeadFirstContacted'))[0].data).toMatchObject({ via: 'chat', byUserId: jane.userId });
  });

  it('a stage change is first contact too, with no automatic move after it', async () => {
    const { leadId } = await janesLead(app.server);
    await patch(janeClient, leadId, { stage: 'Active' });
    const after = await waitFor(
      () => leadOf(janeClient, leadId),
      (d) => d.lead.firstContactAt !== null,
    );
    expect(after.lead.stage).toBe('Active');
    expect(after.timeline.map((t) => t.summary)).toContain('First contact (stage change)');
  });

  it('a stage change is pushed live (lead.stage) to every socket that sees the lead, and to nobody else', async () => {
    const { server } = app;
    const { leadId } = await janesLead(server);
    const open = async (email: string) => {
      const s = await connectSocket(server, await signIn(server, email));
      sockets.push(s);
      return record(s);
    };
    const [janeGot, brokerGot, staffGot, alexGot] = await Promise.all([open(jane.email), open(broker.email), open(staff.email), open(alex.email)]);
    expect((await patch(janeClient, leadId, { stage: 'Under contract' })).status).toBe(200);
    for (const got of [janeGot, brokerGot, staffGot]) {
      const p = await until(() => got.get('lead.stage')?.find((x) => x.leadId === leadId));
      expect(p).toMatchObject({ leadId, stage: 'Under contract', fromStage: 'New' });
      expect(p.position).toMatch(/^\d+\.\d+$/);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(alexGot.get('lead.stage') ?? []).toEqual([]);
  });

  it('the board: the office pipeline in order with counts per column from one scope; cards with name, type, activity and tags', async () => {
    const { server } = app;
    const { leadId } = await janesLead(server, { FullName: 'Bo Ard' });
    await patch(janeClient, leadId, { stage: 'Closed', tags: ['VIP'] });
    await settle(server);
    const board = (await janeClient.get('/api/dashboard/board')).body;
    expect(board.stages).toEqual(DEFAULT_STAGES);
    expect(board.columns.map((c: { stage: string }) => c.stage).slice(0, 8)).toEqual(DEFAULT_STAGES);
    // The kept counts agree with the leads themselves, for every viewer.
    for (const c of [janeClient, await signIn(server, alex.email), await signIn(server, broker.email), await signIn(server, staff.email)])
      await expectCountsOfLeads(c);
    const closed = board.columns.find((c: { stage: string }) => c.stage === 'Closed');
    expect(closed.leads.find((l: { leadId: string }) => l.leadId === leadId)).toMatchObject({
      fullName: 'Bo Ard',
      leadType: 'Buyer',
      tags: ['VIP'],
      stage: 'Closed',
    });
    expect(
      (await (await signIn(server, alex.email)).get('/api/dashboard/board')).body.columns.flatMap((c: { leads: { leadId: string }[] }) =>
        c.leads.map((l) => l.leadId),
      ),
    ).not.toContain(leadId);
    expect((await WebClient.for(server.url).get('/api/dashboard/board')).status).toBe(401);
    expect((await janeClient.get(`/api/dashboard/pipeline?leadId=${leadId}`)).body).toEqual({ officeId: broker.userId, stages: DEFAULT_STAGES });
    expect((await (await signIn(server, alex.email)).get(`/api/dashboard/pipeline?leadId=${leadId}`)).status).toBe(404);
    expect((await janeClient.get('/api/dashboard/tags')).body.tags).toContain('VIP');
    expect((await (await signIn(server, alex.email)).get('/api/dashboard/tags')).body.tags).not.toContain('VIP');
  });

  it('the board’s counts stay those of the leads through a reassignment and a rebuild of the read model (its copies count into each other)', async () => {
    const { server } = app;
    const { leadId } = await janesLead(server);
    const brokerClient = await signIn(server, broker.email);
    await patch(brokerClient, leadId, { assignedAgentId: alex.userId, stage: 'Lost' });
    await settle(server);
    const staffClient = await signIn(server, staff.email);
    expect((await staffClient.post('/api/backoffice/projections/lead_feed/rebuild', {})).status).toBe(202);
    await waitFor(
      async () =>
        ((await staffClient.get('/api/backoffice/projections')).body.projections as { name: string; rebuild: { phase: string } | null }[]).find(
          (p) => p.name === 'lead_feed',
        )!.rebuild,
      (r) => r?.phase === 'done',
      60_000,
    );
    await settle(server);
    for (const c of [janeClient, await signIn(server, alex.email), brokerClient, staffClient]) await expectCountsOfLeads(c);
  });

  it('the broker renames a stage (its leads move with it), and removing a stage with leads needs a destination', async () => {
    const { server } = app;
    const { leadId } = await janesLead(server);
    await patch(janeClient, leadId, { stage: 'Nurture' });
    await settle(server);
    const brokerClient = await signIn(server, broker.email);
    const renamed = DEFAULT_STAGES.map((s) => (s === 'Nurture' ? 'Long-term' : s));
    expect((await janeClient.post('/api/dashboard/office/settings', { stages: renamed })).status).toBe(403);
    const res = await brokerClient.post('/api/dashboard/office/settings', { stages: renamed, moveLeads: [{ from: 'Nurture', to: 'Long-term' }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.settings.stages).toEqual(renamed);
    const moved = await waitFor(
      () => leadOf(janeClient, leadId),
      (d) => d.lead.stage === 'Long-term',
    );
    expect(moved.timeline[0]!.summary).toBe('Moved from Nurture to Long-term (automatically)');
    expect((await patch(janeClient, leadId, { stage: 'Nurture' })).status).toBe(400);

    await patch(janeClient, leadId, { stage: 'Lost' });
    await settle(server);
    const withoutLost = renamed.filter((s) => s !== 'Lost');
    const refused = await brokerClient.post('/api/dashboard/office/settings', { stages: withoutLost });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^\d+ leads? (is|are) in "Lost": choose a stage to move (it|them) to before removing it$/);
    expect((await brokerClient.post('/api/dashboard/office/settings', { stages: [...renamed, 'long-TERM'] })).body).toEqual({
      message: '"long-TERM" is in the pipeline twice (names are compared without case)',
    });
    expect((await brokerClient.post('/api/dashboard/office/settings', { stages: withoutLost, moveLeads: [{ from: 'Lost', to: 'Closed' }] })).status).toBe(200);
    await waitFor(
      () => leadOf(janeClient, leadId),
      (d) => d.lead.stage === 'Closed',
    );
    const board = (await janeClient.get('/api/dashboard/board')).body;
    expect(board.stages).toEqual(withoutLost);
    // Put the office back as the other tests expect it.
    await brokerClient.post('/api/dashboard/office/settings', { stages: DEFAULT_STAGES, moveLeads: [{ from: 'Long-term', to: 'Nurture' }] });
  });

  it("the lead's private note never reaches the agent: the timeline names the home by address and says only that there is a note", async () => {
    const { server } = app;
    await importHomes(server, [home('NOTE1', { UnparsedAddress: '16884 Evergreen Ct' })]);
    const { leadId, client: leadClient } = await janesLead(server);
    const brokerSocket = await connectSocket(server, await signIn(server, broker.email));
    sockets.push(brokerSocket);
    const got = record(brokerSocket);
    const position = (await janeClient.get('/api/dashboard/feed')).body.position as string;
    expect((await leadClient.post('/api/organizer/favorite', { pdid: 'T-NOTE1' })).status).toBe(204);
    expect((await leadClient.post('/api/organizer/note', { pdid: 'T-NOTE1', note: 'We can go 40k over, secret' })).status).toBe(204);
    await settle(server);
    const timeline = (await leadOf(janeClient, leadId)).timeline;
    expect(timeline.map((t) => t.summary)).toEqual(expect.arrayContaining(['Favourited 16884 Evergreen Ct', 'Wrote a private note on 16884 Evergreen Ct']));
    const since = await janeClient.get(`/api/dashboard/feed/since?position=${encodeURIComponent(position)}`);
    const feedLead = await janeClient.get(`/api/dashboard/feed/lead/${leadId}`);
    await until(() => got.get('lead.activity')?.find((p) => p.type === 'ListingNoteWritten'));
    for (const text of [JSON.stringify(timeline), since.text, feedLead.text, JSON.stringify([...got.values()])]) {
      expect(text).not.toContain('40k over');
      expect(text).not.toContain('T-NOTE1');
    }
    expect(since.body.events.map((e: { payload: { summary?: string } }) => e.payload.summary)).toContain('Wrote a private note on 16884 Evergreen Ct');
  });
});

/** The board's count per stage is the number of the viewer's leads in that stage (all of them, from the list). */
async function expectCountsOfLeads(c: WebClient): Promise<void> {
  const leads: { stage: string }[] = [];
  for (let page = 1; ; page++) {
    const got = (await c.get(`/api/dashboard/leads?perpage=200&page=${page}`)).body as { leads: { stage: string }[]; total: number };
    leads.push(...got.leads);
    if (leads.length >= got.total) break;
  }
  const counted = new Map<string, number>();
  for (const l of leads) counted.set(l.stage, (counted.get(l.stage) ?? 0) + 1);
  const board = (await c.get('/api/dashboard/board')).body as { columns: { stage: string; count: number }[] };
  expect(Object.fromEntries(board.columns.filter((col) => col.count > 0).map((col) => [col.stage, col.count]))).toEqual(Object.fromEntries(counted));
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not yet: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
