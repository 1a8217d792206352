import { beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '../../projections/search';
import { NewLeadNotifier } from '../../src/modules/speed-to-lead';
import { Mailer, SmsSender } from '../../src/modules/messaging';
import { WebPushSender } from '../../src/modules/notifications';
import { home, importHomes } from '../organizer/organizer-fixture';
import { type OutboxMail, mailsTo } from '../support/mail-outbox';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const CELL = { jane: '2065550110', alex: '2065550111', broker: '2065550115' };

describe('speed to lead: the agent of a new lead is told at once by e-mail and text (issue 15)', () => {
  const app = dashboardServer();
  let blair: WebClient;
  let url: string;

  beforeAll(async () => {
    const { server } = app;
    url = server.runtime.config.publicUrl;
    await importHomes(server, [home('P1', { UnparsedAddress: '16884 Evergreen Ct', City: 'Seattle', StateOrProvince: 'WA' })]);
    // Jane gives a cell phone but no consent to texts; Alex and the broker give both.
    const janeClient = await signIn(server, jane.email);
    expect((await janeClient.post('/api/account/update', { CellPhone: CELL.jane, UnsubscribeText: true })).status).toBe(200);
    expect((await (await signIn(server, alex.email)).post('/api/account/update', { CellPhone: CELL.alex })).status).toBe(200);
    blair = await signIn(server, broker.email);
    expect((await blair.post('/api/account/update', { CellPhone: CELL.broker })).status).toBe(200);
    // Alex lists P1: its leads are his (the listing-agent rule), whatever the rotation.
    expect((await blair.post('/api/dashboard/routing/listingagent', { pdid: 'T-P1', agentId: alex.userId })).status).toBe(200);
    await settle(server);
  });

  const pool = () => app.server.runtime.db.pool;
  const textsTo = async (to: string) =>
    (await pool().query<{ body: string }>('SELECT body FROM sms_outbox WHERE to_number = $1 ORDER BY id', [to])).rows.map((r) => r.body);
  const mailsAbout = async (to: string, leadId: string): Promise<OutboxMail[]> => (await mailsTo(pool(), to)).filter((m) => m.text.includes(`lead=${leadId}`));
  const textsAbout = async (to: string, leadId: string) => (await textsTo(to)).filter((b) => b.includes(`lead=${leadId}`));
  /** Waits until the outbox has nothing pending (the app's own notifier works on its signal). */
  const drained = async () => {
    await settle(app.server);
    for (let i = 0; i < 400; i++) {
      const { rows } = await pool().query<{ n: number }>(
        `SELECT (SELECT count(*) FROM lead_notice_queue WHERE state = 'pending') + (SELECT count(*) FROM lead_notice_outbox WHERE state = 'pending') AS n`,
      );
      if (Number(rows[0]!.n) === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('notices still pending');
  };
  const secondNotifier = ({ runtime, app: nest } = app.server) =>
    new NewLeadNotifier(
      runtime,
      runtime.db.pool,
      runtime.store,
      nest.get(SearchIndex),
      nest.get(Mailer),
      nest.get(SmsSender),
      runtime.config,
      nest.get(WebPushSender),
    );

  it("e-mail: the lead's name, type, message (its markup escaped in HTML), the listing's address and the link to the lead page; no text to an agent who did not consent", async () => {
    const { server } = app;
    const { leadId } = await newLead(server, 'jane.localhost', {
      FullName: 'Olive <i>Oak</i>',
      Message: 'Is the <b>porch</b> still there?',
      pdid: 'T-P1',
      LeadType: 'Seller',
    });
    await drained();
    // The own-site rule gives it to Jane (the listing agent counts only on an office's site).
    const [mail, ...more] = await mailsAbout(jane.email, leadId);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New lead: Olive <i>Oak</i> (Seller)');
    expect(mail!.text).toContain('Olive <i>Oak</i> (Seller) is your new lead.');
    expect(mail!.text).toContain('Is the <b>porch</b> still there?');
    expect(mail!.text).toContain('Listing: 16884 Evergreen Ct, Seattle, WA');
    expect(mail!.text).toContain(`Open the lead: ${url}/dashboard?lead=${leadId}`);
    expect(mail!.html).toContain('Olive &lt;i&gt;Oak&lt;/i&gt;');
    expect(mail!.html).toContain('&lt;b&gt;porch&lt;/b&gt;');
    expect(mail!.html).not.toMatch(/<b>|<i>/);
    expect(await textsAbout(CELL.jane, leadId)).toEqual([]);
    // The office did not ask for copies.
    expect(await mailsAbout(broker.email, leadId)).toEqual([]);
  });

  it('text: an agent with a cell phone who consents gets one, with name, type, clipped message, listing and link; the broker gets copies when the office asks', async () => {
    const { server } = app;
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { copyBrokerOnNewLeads: true } })).status).toBe(200);
    await settle(server);
    const long = `Please call me about this home. ${'Lots to say. '.repeat(20)}`;
    const { leadId } = await newLead(server, 'demo.localhost', { FullName: 'Paula Porch', Message: long, pdid: 'T-P1' });
    await drained();
    const [text, ...moreTexts] = await textsAbout(CELL.alex, leadId);
    expect(moreTexts).toEqual([]);
    expect(text).toMatch(/^New lead: Paula Porch \(Buyer\)\. "Please call me about this home\. Lots to say\./);
    expect(text).toContain('…"');
    expect(text).toContain('Listing: 16884 Evergreen Ct, Seattle, WA.');
    expect(text!.endsWith(`${url}/dashboard?lead=${leadId}`)).toBe(true);
    expect(await mailsAbout(alex.email, leadId)).toHaveLength(1);
    // The broker's copy names the agent, by e-mail and text.
    const [copy] = await mailsAbout(broker.email, leadId);
    expect(copy!.subject).toBe('New lead for Alex Agent: Paula Porch (Buyer)');
    expect(await textsAbout(CELL.broker, leadId)).toHaveLength(1);
    // Sent rows keep no words and no address.
    const { rows } = await pool().query(`SELECT to_address, body FROM lead_notice_outbox o JOIN lead_notice_queue q USING (event_id) WHERE q.lead_id = $1`, [
      leadId,
    ]);
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.to_address === '' && r.body === '')).toBe(true);
  });

  it('exactly once: two notifiers sweeping at once beside the app’s, and planning the same events again, send each notice once', async () => {
    const { server } = app;
    const one = secondNotifier();
    const two = secondNotifier();
    const leads = await Promise.all(Array.from({ length: 4 }, () => newLead(server, 'demo.localhost', { pdid: 'T-P1' })));
    for (let i = 0; i < 20; i++) await Promise.all([one.sweep(new Date()), two.sweep(new Date())]);
    await drained();
    for (const { leadId } of leads) {
      expect(await mailsAbout(alex.email, leadId)).toHaveLength(1);
      expect(await textsAbout(CELL.alex, leadId)).toHaveLength(1);
      expect(await mailsAbout(broker.email, leadId)).toHaveLength(1);
    }
    // As if the projection queued them again (a crash before its checkpoint, a rebuild): the same ids, nothing new.
    await pool().query(`UPDATE lead_notice_queue SET state = 'pending' WHERE lead_id = ANY($1::uuid[])`, [leads.map((l) => l.leadId)]);
    const [a, b] = await Promise.all([one.sweep(new Date()), two.sweep(new Date())]);
    await drained();
    expect(a.sent + b.sent).toBe(0);
    const { rows } = await pool().query(`SELECT DISTINCT state FROM lead_notice_queue WHERE lead_id = ANY($1::uuid[])`, [leads.map((l) => l.leadId)]);
    expect(rows).toEqual([{ state: 'planned' }]);
    for (const { leadId } of leads) {
      expect(await mailsAbout(alex.email, leadId)).toHaveLength(1);
      expect(await textsAbout(CELL.alex, leadId)).toHaveLength(1);
    }
  });

  it('a lead added by hand (or imported) for an agent is not a speed-to-lead notice: whoever added it knows of it', async () => {
    const { server } = app;
    const added = await blair.post('/api/dashboard/leads', {
      FullName: 'Hannah Hand',
      Email: 'hannah.hand@example.com',
      Phone: '2065550177',
      LeadType: 'Buyer',
      Message: 'Met at the open house',
      agentId: alex.userId,
    });
    expect(added.status, added.text).toBe(201);
    const inquired = await newLead(server, 'demo.localhost', { pdid: 'T-P1' });
    await settle(server);
    await drained();
    // The inquiry after it was told: so the hand-added lead had its chance and was left out.
    expect(await mailsAbout(alex.email, inquired.leadId)).toHaveLength(1);
    expect(await mailsAbout(alex.email, added.body.leadId)).toHaveLength(0);
    const { rows } = await pool().query('SELECT count(*)::int AS n FROM lead_notice_queue WHERE lead_id = $1', [added.body.leadId]);
    expect(rows[0].n).toBe(0);
  });

  it('a notice about an event older than a day is dropped, never sent late', async () => {
    const { server } = app;
    const { leadId } = await newLead(server, 'jane.localhost');
    await drained();
    expect(await mailsAbout(jane.email, leadId)).toHaveLength(1);
    // As if the notifier had been down for 25 hours since the assignment.
    await pool().query(`DELETE FROM lead_notice_outbox WHERE lead_id = $1`, [leadId]);
    await pool().query(`UPDATE lead_notice_queue SET state = 'pending', at = at - interval '25 hours' WHERE lead_id = $1`, [leadId]);
    await secondNotifier().sweep(new Date());
    await drained();
    expect((await pool().query(`SELECT state FROM lead_notice_queue WHERE lead_id = $1`, [leadId])).rows).toEqual([{ state: 'stale' }]);
    expect(await mailsAbout(jane.email, leadId)).toHaveLength(1);
  });

  it('a pond lead: every active agent of the office is told (a text only where allowed), and the broker gets the copy', async () => {
    const { server } = app;
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: true, claimWindowMinutes: 0 } } })).status).toBe(200);
    await settle(server);
    const { leadId } = await newLead(server, 'demo.localhost', { FullName: 'Penny Pond' });
    await drained();
    for (const who of [jane, alex, broker]) {
      const mails = await mailsAbout(who.email, leadId);
      expect(mails.map((m) => m.subject)).toEqual(['Lead in the pond: Penny Pond (Buyer)']);
      expect(mails[0]!.text).toContain(`Claim the lead: ${url}/dashboard?lead=${leadId}`);
    }
    expect(await textsAbout(CELL.jane, leadId)).toEqual([]);
    expect(await textsAbout(CELL.alex, leadId)).toHaveLength(1);
    expect(await textsAbout(CELL.broker, leadId)).toHaveLength(1);
    // Alex claims it: he is told it is his (a claim is an assignment), the broker gets the copy.
    const alexClient = await signIn(server, alex.email);
    expect((await alexClient.post(`/api/dashboard/leads/${leadId}/claim`)).status).toBe(200);
    await drained();
    expect((await mailsAbout(alex.email, leadId)).map((m) => m.subject)).toEqual(['Lead in the pond: Penny Pond (Buyer)', 'New lead: Penny Pond (Buyer)']);
    expect((await mailsAbout(broker.email, leadId)).map((m) => m.subject)).toContain('New lead for Alex Agent: Penny Pond (Buyer)');
  });
});
