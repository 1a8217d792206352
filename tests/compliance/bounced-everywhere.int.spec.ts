import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { importListings } from '../../src/modules/listings';
import { ballardSales, importItems } from '../support/ballard-sales';
import { queueDigests } from '../../src/modules/valuation/seller-mail/home-digest.scheduler';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { hardBounce, mailgunEnv, mailgunEvent } from '../support/mailgun-stand-in';
import { sendSellerLead } from '../support/seller-lead';
import { WebClient } from '../support/web-client';
import { alertsSettled, home, importHomes, square } from '../organizer/organizer-fixture';

const jane = demoUser('agent');
const BOUNCED = /^E-mail not sent: \S+@… bounced on \d{1,2} \w{3} \d{4}: mailbox does not exist$/;

/** A hard-bounced address gets no property alert and no homeowner digest, with why on the lead's timeline, as plan e-mails. */
describe('a bounced address, for every e-mail Porchlight sends a lead', () => {
  // The digest values the home from the sales around it.
  const app = dashboardServer(async (server) => {
    await importListings(server.runtime.store, importItems(await ballardSales()), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  }, mailgunEnv());
  const pool = () => app.server.runtime.db.pool;
  /** Mailgun's signed report on an address (a hard bounce, a complaint). */
  const report = async (event: Record<string, unknown>) => {
    const res = await fetch(`${app.server.url}/api/messaging/email/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mailgunEvent(event)),
    });
    expect(res.status).toBe(204);
  };
  const bounce = (address: string) => report(hardBounce(address));
  const mailsTo = async (to: string) => (await pool().query('SELECT subject FROM mail_outbox WHERE to_address = $1', [to])).rows;
  const timelineOf = async (leadId: string) => {
    await settle(app.server);
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    return ((await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
  };

  /** A lead saving a search around (lat, lng), `mark` done to their address, then a home coming in there: nothing mailed; the alert's states. */
  const alertAfter = async (lat: number, lng: number, pdid: string, mark: (email: string) => Promise<void>) => {
    const lead = await newLead(app.server, 'jane.localhost');
    const saved = await lead.client.post('/api/search/savepdq', { name: 'Homes', filtersAsString: JSON.stringify({ polygonmap: square(lat, lng, 0.01) }) });
    expect(saved.status, saved.text).toBe(200);
    await settle(app.server);
    await mark(lead.email);
    await settle(app.server);
    await importHomes(app.server, [home(pdid, { Latitude: lat + 0.002, Longitude: lng - 0.001, UnparsedAddress: `1 ${pdid} Way` })]);
    await alertsSettled(app.server);
    expect(await mailsTo(lead.email)).toEqual([]);
    const { rows } = await pool().query<{ state: string }>('SELECT state FROM alert_outbox WHERE lead_id = $1', [lead.leadId]);
    return { leadId: lead.leadId, states: rows.map((r) => r.state) };
  };

  it('property alerts: the matching listing is not mailed, the alert is suppressed and the timeline says why', async () => {
    const { leadId, states } = await alertAfter(47.61, -122.33, 'BNC1', bounce);
    expect(states).toEqual(['suppressed']);
    expect((await timelineOf(leadId)).filter((s) => BOUNCED.test(s))).toHaveLength(1);
  });

  it("the homeowner digest: the month's digest is suppressed and the timeline says why", async () => {
    const email = `bounced.owner.${Date.now()}@example.com`;
    const { leadId } = await sendSellerLead(app.server.url, {
      FullName: 'Dana Owner',
      Email: email,
      Phone: '2065550178',
      address: '2400 NW 65th St, Seattle, WA 98117',
    });
    await settle(app.server);
    await bounce(email);
    expect(await queueDigests(pool(), new Date('2015-03-10T08:00:00Z'))).toBeGreaterThanOrEqual(1);
    const stateOf = async () =>
      (await pool().query<{ state: string }>("SELECT state FROM seller_mail_outbox WHERE lead_id = $1 AND kind = 'digest'", [leadId])).rows[0]?.state;
    for (let i = 0; i < 400 && (await stateOf()) === 'pending'; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await stateOf()).toBe('suppressed');
    expect(await mailsTo(email)).toEqual([]);
    expect((await timelineOf(leadId)).filter((s) => BOUNCED.test(s))).toHaveLength(1);
  });

  it("the reports count both bounced addresses for the lead's agent, per agent for the office's broker", async () => {
    await settle(app.server);
    const own = await (await signIn(app.server, jane.email, 'jane.localhost')).get('/api/dashboard/reports');
    expect(own.status, own.text).toBe(200);
    expect(own.body.undelivered).toEqual({ texts: 0, emails: 2, perOffice: [], perAgent: [] });
    const office = (await (await signIn(app.server, demoUser('broker').email)).get('/api/dashboard/reports')).body;
    expect(office.undelivered.perAgent).toEqual([{ agentId: jane.userId, fullName: expect.any(String), texts: 0, emails: 2 }]);
    expect(office.undelivered.perOffice).toHaveLength(1);
  });

  // After the reports' count: one more bounced address here.
  it('a sender that asks nothing itself (listings an agent e-mails a lead): the mail path holds it back, and the timeline says why once', async () => {
    const lead = await newLead(app.server, 'jane.localhost');
    await importHomes(app.server, [home('BNL1', { UnparsedAddress: '9 Held Back Ln' })]);
    await settle(app.server);
    await bounce(lead.email);
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const sent = await agent.post(`/api/dashboard/leads/${lead.leadId}/listings/send`, { pdids: ['T-BNL1'], note: 'This one?' });
    expect(sent.status, sent.text).toBe(202);
    const stateOf = async () =>
      (await pool().query<{ state: string }>('SELECT state FROM listing_mail_outbox WHERE lead_id = $1', [lead.leadId])).rows[0]?.state;
    for (let i = 0; i < 400 && [undefined, 'pending'].includes(await stateOf()); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await stateOf()).toBe('suppressed');
    expect(await mailsTo(lead.email)).toEqual([]);
    expect((await timelineOf(lead.leadId)).filter((s) => BOUNCED.test(s))).toHaveLength(1);
  });

  // After the reports' count too.
  it('a lead who complained: the property alert, refused by their consent (a complaint turns e-mail off), is not mailed and the timeline says why', async () => {
    const { leadId, states } = await alertAfter(47.63, -122.35, 'CMP1', (email) => report({ event: 'complained', recipient: email }));
    expect(states).toEqual(['suppressed']);
    expect((await timelineOf(leadId)).filter((s) => /^E-mail not sent: \S+@… marked our e-mail as spam on /.test(s))).toHaveLength(1);
  });

  it('mail the person asks for now (a password reset) still goes to an address that bounced: asking proves the mailbox is theirs', async () => {
    const lead = await newLead(app.server, 'jane.localhost');
    await bounce(lead.email);
    expect((await WebClient.for(app.server.url, 'jane.localhost').post('/api/account/forgotpassword', { Email: lead.email })).status).toBe(200);
    let subjects: string[] = [];
    for (let i = 0; i < 400 && subjects.length === 0; i++) {
      subjects = (await mailsTo(lead.email)).map((m) => m.subject as string);
      if (subjects.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(subjects).toEqual(['Choose a new password']);
  });
});
