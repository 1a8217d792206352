import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { AgentListingView } from '../../src/contract/agent-listings';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import { registerPerson, signedIn } from '../support/backoffice-people';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const agent = demoUser('agent');
const agent2 = demoUser('agent2');
const broker = demoUser('broker');

/** A RESO record as an MLS sends it (file import: no feed links these; the MLS id does). */
const record = (key: string, ts: string, extra: Record<string, unknown> = {}) => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ListPrice: 400_000,
  Latitude: 47.61,
  Longitude: -122.33,
  UnparsedAddress: '12 Pine St',
  City: 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98101',
  ModificationTimestamp: ts,
  ListOfficeName: 'Demo Realty',
  ...extra,
});

describe("the dashboard's My listings (GET /api/dashboard/listings)", () => {
  const app = dashboardServer();
  let jane: WebClient;
  let alex: WebClient;
  let blair: WebClient;
  let staff: WebClient;
  let other: WebClient;
  let olga: WebClient;
  let otherAgentId: string;

  const mine = async (c: WebClient, query = '') => {
    const res = await c.get(`/api/dashboard/listings${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as { listings: AgentListingView[]; total: number; hidden: number; page: number; perpage: number };
  };
  const pdids = async (c: WebClient) => (await mine(c, '?perpage=200')).listings.map((l) => l.pdid);
  const load = async (records: Record<string, unknown>[]) => {
    await importListings(
      app.server.runtime.store,
      records.map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'MYL', ctx: systemContext() },
    );
    await settle(app.server);
  };

  beforeAll(async () => {
    const { server } = app;
    [jane, alex, blair, staff] = await Promise.all([
      signIn(server, agent.email),
      signIn(server, agent2.email),
      signIn(server, broker.email),
      signIn(server, 'staff@porchlight.test'),
    ]);
    // Another office: its broker and agent see none of the demo office's listings.
    const otherBroker = await registerPerson(server, { email: 'olga@other.test', firstName: 'Olga', lastName: 'Other', level: 15 });
    const otherAgent = await registerPerson(server, {
      email: 'oscar@other.test',
      firstName: 'Oscar',
      lastName: 'Other',
      level: 10,
      officeId: otherBroker.userId,
    });
    other = await signedIn(server, otherAgent);
    otherAgentId = otherAgent.userId;
    olga = await signedIn(server, otherBroker);
    // An agent's own MLS id waits for the broker: Olga confirms Oscar's.
    expect((await other.post('/api/dashboard/agents/mlsid', { mlsId: 'OTHER-7' })).body).toEqual({ isSuccess: true, mlsId: null, pendingMlsId: 'OTHER-7' });
    expect((await olga.post(`/api/dashboard/agents/${otherAgentId}/mlsid`, { mlsId: 'OTHER-7' })).body).toEqual({
      isSuccess: true,
      mlsId: 'OTHER-7',
      pendingMlsId: null,
    });
    await load([
      record('J1', '2024-03-01T10:00:00Z', { ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent, ListAgentFullName: 'Jane Agent' }),
      // Never shown publicly: only its agent, her broker and staff see it.
      record('J2', '2024-03-02T10:00:00Z', {
        ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
        StandardStatus: 'Pending',
        InternetEntireListingDisplayYN: 'N',
        InternetAddressDisplayYN: false,
      }),
      record('J3', '2024-03-03T10:00:00Z', { ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent, PropertyType: 'Residential Lease', ListPrice: 2100 }),
      record('A1', '2024-03-04T10:00:00Z', { ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent2, InternetEntireListingDisplayYN: false }),
      record('L1', '2024-02-01T10:00:00Z'),
      record('O1', '2024-03-05T10:00:00Z', { ListAgentMlsId: 'OTHER-7', ListOfficeName: 'Other Office' }),
      record('X1', '2024-03-06T10:00:00Z', { ListAgentMlsId: 'NOBODY-HERE' }),
    ]);
    // L1 names no agent: the broker links it to Jane by hand.
    expect((await blair.post('/api/dashboard/routing/listingagent', { pdid: 'MYL-L1', agentId: agent.userId })).status).toBe(200);
    await settle(server);
  });

  it("shows the agent her listings, most recently changed first, the hidden one marked and with its full address, a lease's rent per month", async () => {
    const page = await mine(jane);
    expect(page).toMatchObject({ total: 4, hidden: 1, page: 1, perpage: 50 });
    expect(page.listings.map((l) => l.pdid)).toEqual(['MYL-J3', 'MYL-J2', 'MYL-J1', 'MYL-L1']);
    const byPdid = new Map(page.listings.map((l) => [l.pdid, l]));
    expect(byPdid.get('MYL-J2')).toMatchObject({
      status: 'Pending',
      price: 400_000,
      address: '12 Pine St',
      city: 'Seattle',
      shownPublicly: false,
      addressShownPublicly: false,
      modifiedAt: '2024-03-02T10:00:00.000Z',
      listAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
      agent: { userId: agent.userId, fullName: 'Jane Agent' },
    });
    expect(byPdid.get('MYL-J1')).toMatchObject({ shownPublicly: true, listOfficeName: 'Demo Realty', listAgentName: 'Jane Agent' });
    expect(byPdid.get('MYL-J3')).toMatchObject({ forRent: true, price: 2100 });
    // Linked by hand, it names no MLS id: the link makes it hers.
    expect(byPdid.get('MYL-L1')).toMatchObject({ listAgentMlsId: null, agent: { userId: agent.userId } });
  });

  it('while no public page shows the hidden listing', async () => {
    const { server } = app;
    const visitor = WebClient.for(server.url);
    expect((await visitor.get('/api/details/MYL-J2')).status).toBe(404);
    expect((await visitor.get('/api/details/MYL-J1')).status).toBe(200);
    expect((await visitor.get('/api/search/result/MYL-A1')).status).toBe(404);
  });

  it("scopes the list: another agent sees only hers, the broker the office's, staff every agent's, another office none of these", async () => {
    expect(await pdids(alex)).toEqual(['MYL-A1']);
    expect(await pdids(blair)).toEqual(['MYL-A1', 'MYL-J3', 'MYL-J2', 'MYL-J1', 'MYL-L1']);
    expect((await mine(blair)).hidden).toBe(2);
    expect(new Set(await pdids(staff))).toEqual(new Set(['MYL-O1', 'MYL-A1', 'MYL-J3', 'MYL-J2', 'MYL-J1', 'MYL-L1']));
    expect(await pdids(other)).toEqual(['MYL-O1']);
    expect((await mine(blair)).listings.find((l) => l.pdid === 'MYL-A1')?.agent).toEqual({ userId: agent2.userId, fullName: 'Alex Agent' });
  });

  it('pages, and refuses what is not a page', async () => {
    const second = await mine(blair, '?page=2&perpage=2');
    expect(second).toMatchObject({ total: 5, hidden: 2, page: 2, perpage: 2 });
    expect(second.listings.map((l) => l.pdid)).toEqual(['MYL-J2', 'MYL-J1']);
    expect(await mine(blair, '?page=9&perpage=2')).toMatchObject({ total: 5, hidden: 2, listings: [] });
    expect(await blair.get('/api/dashboard/listings?perpage=500')).toMatchObject({
      status: 400,
      body: { message: 'perpage must be a whole number from 1 to 200' },
    });
    expect((await blair.get('/api/dashboard/listings?status=hidden')).status).toBe(400);
  });

  it("another office's agent with the same MLS id (another MLS) takes nothing from Jane", async () => {
    const { server } = app;
    expect((await olga.post(`/api/dashboard/agents/${otherAgentId}/mlsid`, { mlsId: DEMO_AGENT_MLS_IDS.agent })).status).toBe(200);
    await settle(server);
    expect(await pdids(jane)).toEqual(['MYL-J3', 'MYL-J2', 'MYL-J1', 'MYL-L1']);
    expect(await pdids(other)).toEqual(['MYL-J3', 'MYL-J2', 'MYL-J1']);
    expect((await olga.post(`/api/dashboard/agents/${otherAgentId}/mlsid`, { mlsId: 'OTHER-7' })).status).toBe(200);
    await settle(server);
    expect(await pdids(other)).toEqual(['MYL-O1']);
  });

  it("a colleague can neither take Jane's MLS id (409) nor claim a listing that is hers by it (403), and Jane keeps her listings", async () => {
    const { server } = app;
    const taken = await alex.post('/api/dashboard/agents/mlsid', { mlsId: DEMO_AGENT_MLS_IDS.agent });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Another agent of your office already has this MLS id' } });
    // Not even the broker gives one agent's id to another.
    expect((await blair.post(`/api/dashboard/agents/${agent2.userId}/mlsid`, { mlsId: DEMO_AGENT_MLS_IDS.agent })).status).toBe(409);
    const claim = await alex.post('/api/dashboard/routing/listingagent', { pdid: 'MYL-J1', agentId: agent2.userId });
    expect(claim).toMatchObject({
      status: 403,
      body: { message: 'This listing is already linked to another agent of your office; only your broker can change it' },
    });
    // Nor sets anyone else's.
    expect((await alex.post(`/api/dashboard/agents/${agent.userId}/mlsid`, { mlsId: 'ALEX-1' })).status).toBe(403);
    await settle(server);
    expect(await pdids(jane)).toEqual(['MYL-J3', 'MYL-J2', 'MYL-J1', 'MYL-L1']);
    expect(await pdids(alex)).toEqual(['MYL-A1']);
    // A listing nobody holds, by link or MLS id, is still free to claim.
    expect((await alex.post('/api/dashboard/routing/listingagent', { pdid: 'MYL-X1', agentId: agent2.userId })).status).toBe(200);
  });

  it("an agent's new MLS id is pending until the broker confirms it: only then do its listings become theirs", async () => {
    const { server } = app;
    const asked = await jane.post('/api/dashboard/agents/mlsid', { mlsId: 'JANE-NEW' });
    expect(asked.body).toEqual({ isSuccess: true, mlsId: DEMO_AGENT_MLS_IDS.agent, pendingMlsId: 'JANE-NEW' });
    await settle(server);
    const roster = async () =>
      ((await blair.get('/api/dashboard/agents')).body as { agents: { userId: string; mlsId: string | null; pendingMlsId: string | null }[] }).agents;
    expect((await roster()).find((a) => a.userId === agent.userId)).toMatchObject({ mlsId: DEMO_AGENT_MLS_IDS.agent, pendingMlsId: 'JANE-NEW' });
    expect(await pdids(jane)).toEqual(['MYL-J3', 'MYL-J2', 'MYL-J1', 'MYL-L1']);
    // Jane withdraws it by giving her id in force again.
    expect((await jane.post('/api/dashboard/agents/mlsid', { mlsId: DEMO_AGENT_MLS_IDS.agent })).body).toEqual({
      isSuccess: true,
      mlsId: DEMO_AGENT_MLS_IDS.agent,
      pendingMlsId: null,
    });
  });

  it('answers 401 signed out and 403 to a lead', async () => {
    const { server } = app;
    expect((await WebClient.for(server.url).get('/api/dashboard/listings')).status).toBe(401);
    expect((await (await signIn(server, 'lead@demo.test')).get('/api/dashboard/listings')).status).toBe(403);
  });
});
