import { describe, expect, it } from 'vitest';
import { demoUser, newLead, settle, signIn } from '../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../tests/support/dashboard-server';
import { mailsTo, waitForMail } from '../../../tests/support/mail-outbox';
import { home } from '../../../tests/support/reso-home';
import { WebClient } from '../../../tests/support/web-client';
import { systemContext } from '../../commands/command-context';
import { type ImportItem, importListings } from '../listings';
import { queueDigests } from '../valuation/seller-mail/home-digest.scheduler';
import { SEND_FORM_FIRST } from './market-reports.http';
import { STOP_LINK_UNKNOWN } from './market-mail/market-unsubscribe.http';
import { marketSubscriptionsOf } from '../../../projections/market-subscribers';
import { loadAccount } from '../accounts';
import { loadLead } from '../leads';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
const sold = (key: string, price: number, listed: string, closed: string) =>
  home(key, { StandardStatus: 'Closed', ClosePrice: price, CloseDate: closed, ListingContractDate: listed, LivingArea: 1000 });

/** "Subscribe monthly" on /market/{area}: the area's figures by e-mail each month, once per lead and month, through the seller mail outbox. */
describe('the market report e-mail', () => {
  const app = dashboardServer(async (server) => {
    await importListings(
      server.runtime.store,
      items([
        sold('MM1', 600_000, '2026-04-01', '2026-05-12'),
        sold('MM2', 500_000, '2026-05-01', '2026-06-03'),
        sold('MM3', 700_000, '2026-05-10', '2026-06-20'),
        sold('MM4', 1_000_000, '2026-06-01', '2026-06-25'),
      ]),
      { mls: 'T', ctx: systemContext() },
    );
    await settle(server);
  });
  const pool = () => app.server.runtime.db.pool;
  const emailConsentOf = async (leadId: string) => {
    const { lead } = await loadLead(app.server.runtime.store, leadId);
    const { account } = await loadAccount(app.server.runtime.store, lead.exists ? lead.userId : '');
    return account.exists && account.consent.email;
  };
  const rowsOf = async (leadId: string) =>
    (
      await pool().query<{ ref: string; state: string }>("SELECT ref, state FROM seller_mail_outbox WHERE lead_id = $1 AND kind = 'market' ORDER BY ref", [
        leadId,
      ])
    ).rows;

  it("goes once a month under two instances and a restart with the last month's figures against the month before and the page's link; the one-click stops that area only", async () => {
    const { client, leadId, email } = await newLead(app.server, 'demo.localhost', {
      LeadType: 'Market report',
      Message: 'Please e-mail me the Seattle market report.',
    });
    for (let i = 0; i < 2; i++)
      expect(await client.post('/api/market/subscribe', { path: '/market/seattle' })).toMatchObject({ status: 200, body: { label: 'Seattle' } });
    await settle(app.server);
    const events = (await app.server.runtime.store.readStream(`marketreport-${leadId}`)).map((e) => e.type);
    expect(events).toEqual(['MarketReportSubscribed']);

    // Two instances sweep at once, then one restarts and sweeps again: one e-mail for July 2026.
    const july = new Date('2026-07-02T08:00:00Z');
    const queued = await Promise.all([queueDigests(pool(), july), queueDigests(pool(), july)]);
    expect(queued[0] + queued[1]).toBe(1);
    expect(await queueDigests(pool(), new Date('2026-07-30T23:00:00Z'))).toBe(0);
    const mail = await waitForMail(pool(), email, (m) => m.subject.startsWith('Seattle housing market'));
    // June: 500k, 700k, 1M sold (median 700k, $700/sq ft); May: one sale at 600k.
    expect(mail.subject).toBe('Seattle housing market, Jun 2026');
    expect(mail.text).toContain('Median sold price: $700,000 (May 2026: $600,000)');
    expect(mail.text).toContain('Median price per sq ft: $700 (May 2026: $600)');
    expect(mail.text).toContain('Homes sold: 3 (May 2026: 1)');
    expect(mail.text).toMatch(/Month by month, with the chart: https?:\/\/\S+\/market\/seattle\n/);
    expect(mail.html).toContain('/market/seattle" style=');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!);
    const unsub = await WebClient.for(app.server.url, 'demo.localhost').request('POST', oneClick.pathname + oneClick.search, {
      raw: { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(unsub.status, unsub.text).toBe(200);
    await settle(app.server);
    // The only area stopped: no e-mail next month, and the lead's other e-mail goes on.
    expect(await queueDigests(pool(), new Date('2026-08-02T08:00:00Z'))).toBe(0);
    expect(await rowsOf(leadId)).toEqual([{ ref: '2026-07', state: 'sent' }]);
    expect((await mailsTo(pool(), email)).filter((m) => m.subject.startsWith('Seattle housing market'))).toHaveLength(1);
    expect(await emailConsentOf(leadId)).toBe(true);
  });

  it("stops one area of several by the e-mail's link under it, then the last by one-click; the lead's other e-mail and the timeline say so", async () => {
    const { client, leadId, email } = await newLead(app.server, 'demo.localhost', { LeadType: 'Market report' });
    for (const path of ['/market/seattle', '/market/98101']) expect((await client.post('/api/market/subscribe', { path })).status).toBe(200);
    await settle(app.server);
    expect(await queueDigests(pool(), new Date('2026-07-03T08:00:00Z'))).toBeGreaterThanOrEqual(1);
    const july = await waitForMail(pool(), email, (m) => m.subject.startsWith('Seattle housing market'));
    expect(july.subject).toBe('Seattle housing market, Jun 2026 and 1 more');
    const stops = [...july.text.matchAll(/Stop the (.+) report: (\S+)/g)].map((m) => ({ label: m[1]!, url: new URL(m[2]!) }));
    expect(stops.map((s) => s.label)).toEqual(['Seattle', '98101']);
    expect(stops[0]!.url.pathname).toBe('/market-unsubscribe');

    // The page shows the link's area, and its button stops that area only.
    const visitor = WebClient.for(app.server.url, 'demo.localhost');
    const t = stops[0]!.url.searchParams.get('t')!;
    const shown = await visitor.get(`/api/market-reports/unsubscribe/areas?t=${encodeURIComponent(t)}`);
    expect(shown.body).toEqual({ areas: [{ slug: 'seattle', label: 'Seattle', subscribed: true }] });
    for (let i = 0; i < 2; i++) expect((await visitor.post('/api/market-reports/unsubscribe/areas', { t })).status).toBe(200);
    await settle(app.server);
    expect((await visitor.get(`/api/market-reports/unsubscribe/areas?t=${encodeURIComponent(t)}`)).body.areas[0].subscribed).toBe(false);
    expect(await marketSubscriptionsOf(pool(), leadId)).toEqual([{ kind: 'zip', slug: '98101', label: '98101' }]);

    // August: the zip alone; its one-click stops it, and nothing is left to send.
    expect(await queueDigests(pool(), new Date('2026-08-03T08:00:00Z'))).toBeGreaterThanOrEqual(1);
    const august = await waitForMail(pool(), email, (m) => m.subject.startsWith('98101 housing market'));
    expect(august.text).not.toContain('Seattle');
    const oneClick = new URL(/^<(.+)>$/.exec(august.headers['List-Unsubscribe']!)![1]!);
    const unsub = await visitor.request('POST', oneClick.pathname + oneClick.search, {
      raw: { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(unsub.status, unsub.text).toBe(200);
    await settle(app.server);
    expect(await marketSubscriptionsOf(pool(), leadId)).toEqual([]);
    expect(await emailConsentOf(leadId)).toBe(true);

    const staff = await signIn(app.server, demoUser('staff').email);
    const timeline = (await staff.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { type: string; summary: string }[];
    expect(
      timeline
        .filter((e) => e.type === 'MarketReportUnsubscribed')
        .map((e) => e.summary)
        .sort(),
    ).toEqual([
      'Stopped the 98101 market report (one-click unsubscribe); other e-mail goes on',
      'Stopped the Seattle market report (the e-mail’s link); other e-mail goes on',
    ]);

    // A forged link stops nothing.
    const forged = await visitor.post('/api/market-reports/unsubscribe/areas', { t: `${t.slice(0, -3)}abc` });
    expect(forged).toMatchObject({ status: 404, body: { message: STOP_LINK_UNKNOWN } });
  });

  it('needs the form sent first (signed in as its lead) and an area with a report', async () => {
    const stranger = WebClient.for(app.server.url, 'demo.localhost');
    expect((await stranger.post('/api/market/subscribe', { path: '/market/seattle' })).status).toBe(401);
    const { client } = await newLead(app.server, 'demo.localhost', { LeadType: 'Market report' });
    expect(await client.post('/api/market/subscribe', { path: '/market/spokane' })).toMatchObject({
      status: 404,
      body: { message: 'No market report for this area' },
    });
    expect((await client.post('/api/market/subscribe', { path: 42 })).status).toBe(400);
    // Signed in, but no lead of this site: nowhere the report would be recorded.
    const jane = await signIn(app.server, demoUser('agent').email);
    expect(await jane.post('/api/market/subscribe', { path: '/market/seattle' })).toMatchObject({ status: 404, body: { message: SEND_FORM_FIRST } });
  });
});
