import { beforeAll, describe, expect, it } from 'vitest';
import { alertsSettled, home, importHomes } from '../organizer/organizer-fixture';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { mailsTo, waitForMail } from '../support/mail-outbox';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const SEARCH = { city: 'Seattle', minprice: '400000', beds: '3', name: 'Seattle, 3 beds', frequency: 'instant' };

/** A saved search an agent sets up for a lead: on the lead's organizer, alerts as for their own, the lead may stop it. */
describe('a saved search for a lead (issue 16)', () => {
  const app = dashboardServer();
  let lead: { client: WebClient; leadId: string; email: string };
  let janeC: WebClient;
  let searchId: string;

  const searches = (leadId: string) => `/api/dashboard/leads/${leadId}/saved-searches`;
  const alertMails = async (to: string) => (await mailsTo(app.server.runtime.db.pool, to)).filter((m) => m.subject.startsWith('New listing'));
  const timelineOf = async (leadId: string) =>
    ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);

  beforeAll(async () => {
    const { server } = app;
    lead = await janesLead(server, { FullName: 'Ada Lovelace' });
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });

  it("puts the agent's search on the lead's organizer, where the lead sees it; the agent's timeline says who set it up", async () => {
    const { server } = app;
    const res = await janeC.post(searches(lead.leadId), SEARCH);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      searchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      path: '/search?city=Seattle&minprice=400000&beds=3',
      created: true,
      alertsAllowed: true,
    });
    searchId = res.body.searchId;
    // The same criteria again keep the one search.
    expect((await janeC.post(searches(lead.leadId), SEARCH)).body).toMatchObject({ searchId, created: false });
    await settle(server);

    const own = await lead.client.get('/api/organizer/searches');
    expect(own.body.searches).toEqual([
      expect.objectContaining({ searchId, name: 'Seattle, 3 beds', frequency: 'instant', searchQs: 'city=Seattle&minprice=400000&beds=3' }),
    ]);
    expect((await janeC.get(searches(lead.leadId))).body.searches.map((s: { searchId: string }) => s.searchId)).toEqual([searchId]);
    expect(await timelineOf(lead.leadId)).toContain('Saved a search for the lead: Seattle, 3 beds (instant alerts)');
    const saved = (
      await server.runtime.db.pool.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'SavedSearchSaved'`, [`organizer-${lead.leadId}`])
    ).rows;
    expect(saved).toEqual([{ data: expect.objectContaining({ searchId, userId: expect.any(String), byAgentId: jane.userId }) }]);
  });

  it('sends its alerts through the alerts pipeline, shown in the timeline; once the lead deletes it, none', async () => {
    const { server } = app;
    await importHomes(server, [home('AL1', { UnparsedAddress: '11 Alert Way', ListPrice: 650_000 })]);
    await alertsSettled(server);
    const mail = await waitForMail(server.runtime.db.pool, lead.email, (m) => m.subject.startsWith('New listing: 11 Alert Way'));
    expect(mail.text).toContain('/api/alerts/');
    await settle(server);
    expect(await timelineOf(lead.leadId)).toContain('Alert sent about 11 Alert Way: New listing');

    expect((await lead.client.delete(`/api/organizer/searches/${searchId}`)).status).toBe(204);
    await settle(server);
    expect((await janeC.get(searches(lead.leadId))).body.searches).toEqual([]);
    await importHomes(server, [home('AL2', { UnparsedAddress: '12 Alert Way', ListPrice: 660_000 })]);
    await alertsSettled(server);
    expect((await alertMails(lead.email)).map((m) => m.subject)).toEqual([mail.subject]);
  });

  it("respects the lead's consent: saved, but the agent is told, and no alert goes out", async () => {
    const { server } = app;
    const quiet = await janesLead(server, { FullName: 'Quinn Quiet' });
    expect((await quiet.client.post('/api/account/update', { On_PropertyAlerts: false })).status).toBeLessThan(300);
    const res = await janeC.post(searches(quiet.leadId), SEARCH);
    expect(res.body).toMatchObject({ created: true, alertsAllowed: false });
    await settle(server);
    await importHomes(server, [home('AL3', { UnparsedAddress: '13 Alert Way', ListPrice: 670_000 })]);
    await alertsSettled(server);
    expect(await alertMails(quiet.email)).toEqual([]);
    // It matched, and the consent ledger held it back.
    expect((await server.runtime.db.pool.query('SELECT pdid, state FROM alert_outbox WHERE lead_id = $1', [quiet.leadId])).rows).toEqual([
      { pdid: 'T-AL3', state: 'suppressed' },
    ]);
  });

  it('is scoped (another agent 404, the lead 403, signed out 401) and takes only what a search takes', async () => {
    const { server } = app;
    const alexC = await signIn(server, alex.email);
    expect((await alexC.post(searches(lead.leadId), SEARCH)).status).toBe(404);
    expect((await alexC.get(searches(lead.leadId))).status).toBe(404);
    expect((await lead.client.post(searches(lead.leadId), SEARCH)).status).toBe(403);
    expect((await WebClient.for(server.url, 'jane.localhost').get(searches(lead.leadId))).status).toBe(401);
    expect(await janeC.post(searches(lead.leadId), { ...SEARCH, beds: 'many' })).toMatchObject({ status: 400, body: { message: 'beds must be a number' } });
    expect(await janeC.post(searches(lead.leadId), { ...SEARCH, owner: 'x' })).toMatchObject({ status: 400, body: { message: 'Unknown search field: owner' } });
    expect(await janeC.post(searches(lead.leadId), { ...SEARCH, frequency: 'hourly' })).toMatchObject({
      status: 400,
      body: { message: 'frequency must be one of instant, daily, weekly, never' },
    });
  });
});
