import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import { signedUpLead } from '../organizer/organizer-fixture';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const record = (key: string, mlsId: string) => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ListPrice: 400_000,
  Latitude: 47.61,
  Longitude: -122.33,
  UnparsedAddress: `${key} Pine St`,
  City: 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98101',
  ModificationTimestamp: '2024-03-01T10:00:00Z',
  ListAgentMlsId: mlsId,
});

describe('listing activity for the listing agent and the seller', () => {
  const app = dashboardServer();
  let jane: WebClient;
  let alex: WebClient;
  let blair: WebClient;

  beforeAll(async () => {
    const { server } = app;
    [jane, alex, blair] = await Promise.all([
      signIn(server, demoUser('agent').email),
      signIn(server, demoUser('agent2').email),
      signIn(server, demoUser('broker').email),
    ]);
    await importListings(
      server.runtime.store,
      [record('J1', DEMO_AGENT_MLS_IDS.agent), record('A1', DEMO_AGENT_MLS_IDS.agent2)].map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'LAC', ctx: systemContext() },
    );
    // Two signed-in visitors view Jane's listing; one keeps it as a favourite.
    for (const email of ['ann-activity@example.com', 'bob-activity@example.com']) {
      const lead = await signedUpLead(server, email);
      expect((await lead.post('/api/lead/activity', { type: 'ListingViewed', pdid: 'LAC-J1' })).status).toBe(204);
      if (email.startsWith('ann')) expect((await lead.post('/api/organizer/favorite', { pdid: 'LAC-J1' })).status).toBe(204);
    }
    await settle(server);
  });

  it("gives the agent and her broker the listing's week from the visitors' events", async () => {
    for (const c of [jane, blair]) {
      const res = await c.get('/api/dashboard/listings/LAC-J1/activity');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ pdid: 'LAC-J1', address: 'J1 Pine St' });
      expect(res.body.weeks).toHaveLength(1);
      expect(res.body.weeks[0]).toMatchObject({ views: 2, uniqueVisitors: 2, favorites: 1, shares: 0, showingRequests: 0, inquiries: 0 });
    }
  });

  it("answers 404 for another agent's listing and for one that does not exist", async () => {
    expect((await alex.get('/api/dashboard/listings/LAC-J1/activity')).status).toBe(404);
    expect((await alex.post('/api/dashboard/listings/LAC-J1/activity/link', {})).status).toBe(404);
    expect((await jane.get('/api/dashboard/listings/LAC-A1/activity')).status).toBe(404);
    expect((await jane.get('/api/dashboard/listings/LAC-NONE/activity')).status).toBe(404);
    expect((await WebClient.for(app.server.url).get('/api/dashboard/listings/LAC-J1/activity')).status).toBe(401);
  });

  it('opens the seller link without signing in; a forged one is 404', async () => {
    const made = await jane.post('/api/dashboard/listings/LAC-J1/activity/link', {});
    expect(made.status, made.text).toBe(200);
    const token = new URL(made.body.path, 'http://x').searchParams.get('t')!;
    const seller = WebClient.for(app.server.url);
    const res = await seller.get(`/api/listing-report/${encodeURIComponent(token)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.weeks[0]).toMatchObject({ views: 2, favorites: 1 });
    // The same fields pointing at another listing: the MAC no longer matches.
    const [v, , expires, mac] = token.split('.');
    const forged = [v, Buffer.from('LAC-A1').toString('base64url'), expires, mac].join('.');
    const refused = await seller.get(`/api/listing-report/${encodeURIComponent(forged)}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/not valid/);
  });
});
