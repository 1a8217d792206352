import { describe, expect, it } from 'vitest';
import { ballardSales, importItems } from '../../../../tests/support/ballard-sales';
import { demoUser, settle, signIn } from '../../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../../tests/support/dashboard-server';
import { mailsTo, waitForMail } from '../../../../tests/support/mail-outbox';
import { home } from '../../../../tests/support/reso-home';
import { BALLARD_HOME, sendSellerLead } from '../../../../tests/support/seller-lead';
import { WebClient } from '../../../../tests/support/web-client';
import { systemContext } from '../../../commands/command-context';
import { importListings, type ResoRecord } from '../../listings';
import { milesBetween } from '../sold-home';
import { changeWords } from './home-digest-email';
import { queueDigests } from './home-digest.scheduler';

const HOME = BALLARD_HOME;
const money = (n: number) => `$${n.toLocaleString('en-US')}`;

/** The monthly homeowner digest: queued once per lead and month whatever runs it, with the month's numbers, stopped by unsubscribing. */
describe('the homeowner digest', () => {
  let sales: ResoRecord[] = [];
  const app = dashboardServer(async (server) => {
    sales = await ballardSales();
    await importListings(server.runtime.store, importItems(sales), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });
  const pool = () => app.server.runtime.db.pool;
  const rowsOf = async (leadId: string) =>
    (
      await pool().query<{ ref: string; state: string }>("SELECT ref, state FROM seller_mail_outbox WHERE lead_id = $1 AND kind = 'digest' ORDER BY ref", [
        leadId,
      ])
    ).rows;

  it('goes once a month under two instances and a restart, with the estimate, its change and the sales nearby; unsubscribing stops it', async () => {
    const email = 'digest.owner@example.com';
    const { visitor, leadId } = await sendSellerLead(app.server.url, {
      FullName: 'Dana Owner',
      Email: email,
      Phone: '2065550177',
      address: '2400 NW 65th St, Seattle, WA 98117',
    });
    await settle(app.server);

    // Two instances sweep at once, then one restarts and sweeps again: one row for March 2015.
    const march = new Date('2015-03-10T08:00:00Z');
    const queued = await Promise.all([queueDigests(pool(), march), queueDigests(pool(), march)]);
    expect(queued[0] + queued[1]).toBe(1);
    expect(await queueDigests(pool(), new Date('2015-03-28T23:00:00Z'))).toBe(0);
    const mail = await waitForMail(pool(), email, (m) => m.subject.startsWith('Your home’s value this month'));

    // By hand: the instant value as of March 1st and February 1st, and the sales within a mile closed in the 30 days before March 1st.
    const value = async (asOf: string) => (await visitor.post('/api/valuation', { ...HOME, asOf })).body.estimate as number;
    const [now, before] = [await value('2015-03-01'), await value('2015-02-01')];
    expect(mail.subject).toBe(`Your home’s value this month: ${money(now)} — 2400 NW 65th St`);
    expect(mail.text).toContain(`2400 NW 65th St: estimated at ${money(now)}, ${changeWords(now, before)}`);
    expect(changeWords(now, before)).toMatch(/^(up|down) \$[\d,]+ \(\d+\.\d %\) since last month$|^the same as last month$/);
    const nearby = sales
      .filter((s) => s.CloseDate! >= '2015-01-30' && s.CloseDate! < '2015-03-01')
      .filter((s) => milesBetween(HOME.latitude, HOME.longitude, s.Latitude!, s.Longitude!) <= 1);
    if (nearby.length === 0) expect(mail.text).toContain('No home within a mile of yours sold in the last 30 days.');
    else expect(mail.text.split('\n').filter((l) => l.includes(' — sold for $'))).toHaveLength(Math.min(5, nearby.length));
    expect(mail.text).toMatch(/Ask for a CMA .*: https?:\/\/\S+\/api\/home-digest\/2015-03\/open\?t=\S+/);
    expect(mail.html).toContain('Ask for a CMA</a>');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // One click on the unsubscribe header: April's digest is queued but never sent.
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!);
    const unsub = await WebClient.for(app.server.url, 'jane.localhost').request('POST', oneClick.pathname + oneClick.search, {
      raw: { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(unsub.status, unsub.text).toBe(200);
    await settle(app.server);
    expect(await queueDigests(pool(), new Date('2015-04-02T08:00:00Z'))).toBe(1);
    for (let i = 0; i < 200 && (await rowsOf(leadId)).some((r) => r.state === 'pending'); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await rowsOf(leadId)).toEqual([
      { ref: '2015-03', state: 'sent' },
      { ref: '2015-04', state: 'suppressed' },
    ]);
    expect((await mailsTo(pool(), email)).filter((m) => m.subject.startsWith('Your home’s value'))).toHaveLength(1);
  });

  it('lists the active listings within a mile listed in the 30 days before the month, not those farther, older or later', async () => {
    const listed = (key: string, address: string, dLat: number, day: string) =>
      home(key, { UnparsedAddress: address, Latitude: HOME.latitude + dLat, Longitude: HOME.longitude, ListPrice: 810_000, ListingContractDate: day });
    const listings = [
      listed('DIGEST-NEAR', '6600 Near Ave NW', 0.004, '2015-02-20'),
      listed('DIGEST-FAR', '7700 Far Ave NW', 0.017, '2015-02-20'),
      listed('DIGEST-OLD', '6601 Old Ave NW', 0.004, '2014-11-01'),
      listed('DIGEST-LATER', '6602 Later Ave NW', 0.004, '2015-03-05'),
    ];
    expect(milesBetween(HOME.latitude, HOME.longitude, HOME.latitude + 0.017, HOME.longitude)).toBeGreaterThan(1);
    await importListings(app.server.runtime.store, importItems(listings), { mls: 'KC', ctx: systemContext() });
    const email = 'digest.listings@example.com';
    await sendSellerLead(app.server.url, { FullName: 'Noa Owner', Email: email, Phone: '2065550179', address: '2404 NW 65th St, Seattle, WA 98117' });
    await settle(app.server);
    await queueDigests(pool(), new Date('2015-03-03T08:00:00Z'));
    const mail = await waitForMail(pool(), email, (m) => m.subject.startsWith('Your home’s value this month'));
    expect(mail.text).toContain('New listings near you in the last 30 days:\n6600 Near Ave NW — listed at $810,000 on 2015-02-20, 0.28 mi away');
    expect(mail.html).toContain('6600 Near Ave NW — listed at $810,000 on 2015-02-20');
    for (const other of ['7700 Far Ave NW', '6601 Old Ave NW', '6602 Later Ave NW']) expect(mail.text).not.toContain(other);
  });

  it('counts an opening and a click of the digest toward the lead score, once each; a forged token records nothing', async () => {
    const email = 'digest.opens@example.com';
    const { leadId } = await sendSellerLead(app.server.url, {
      FullName: 'Ola Owner',
      Email: email,
      Phone: '2065550180',
      address: '2406 NW 65th St, Seattle, WA 98117',
    });
    await settle(app.server);
    await queueDigests(pool(), new Date('2015-03-04T08:00:00Z'));
    const mail = await waitForMail(pool(), email, (m) => m.subject.startsWith('Your home’s value this month'));
    const pixel = new URL(/<img src="([^"]+\/api\/home-digest\/2015-03\/pixel\.gif\?t=[^"]+)"/.exec(mail.html ?? '')![1]!.replaceAll('&amp;', '&'));
    const click = new URL(/Ask for a CMA .*: (\S+)/.exec(mail.text)![1]!);
    expect(click.pathname).toBe('/api/home-digest/2015-03/open');

    const jane = await signIn(app.server, demoUser('agent').email);
    const scoreOf = async () => (await jane.get(`/api/dashboard/feed/lead/${leadId}`)).body.lead.score as number;
    const reader = WebClient.for(app.server.url, 'jane.localhost');
    const start = await scoreOf();

    // A forged token: the image and the redirect all the same, nothing recorded.
    const forged = await reader.get(`${pixel.pathname}?t=${encodeURIComponent(`${(pixel.searchParams.get('t') ?? '').slice(0, -2)}xx`)}`);
    expect(forged.status).toBe(200);
    const clickOther = await reader.request('GET', `/api/home-digest/2015-04/open${click.search}`);
    expect(clickOther.status).toBe(302);
    await settle(app.server);
    expect(await scoreOf()).toBe(start);

    for (let i = 0; i < 2; i++) expect((await reader.get(pixel.pathname + pixel.search)).status).toBe(200);
    await settle(app.server);
    const opened = await scoreOf();
    expect(opened).toBeGreaterThan(start);

    const followed = await reader.request('GET', click.pathname + click.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toMatch(/^\/ask-cma\?t=/);
    expect(clickOther.headers.location).toBe('/sell');
    await reader.request('GET', click.pathname + click.search);
    await settle(app.server);
    expect(await scoreOf()).toBeGreaterThan(opened);
    const recorded = (await app.server.runtime.store.readStream(`sellerhome-${leadId}`)).filter((e) => e.type === 'HomeDigestOpened');
    expect(recorded.map((e) => (e.data as { how: string }).how)).toEqual(['pixel', 'click']);
  });

  it('is turned on and off by the agent, and not queued once off', async () => {
    const visitor = WebClient.for(app.server.url, 'jane.localhost');
    const sent = await visitor.post('/api/valuation/seller-lead', {
      FullName: 'Eli Owner',
      Email: 'digest.agent@example.com',
      Phone: '2065550178',
      Home: { address: '2402 NW 65th St, Seattle, WA 98117', value: HOME },
    });
    const leadId = sent.body.leadId as string;
    await settle(app.server);
    const jane = await signIn(app.server, demoUser('agent').email);
    expect((await jane.get(`/api/dashboard/leads/${leadId}/cma`)).body.digest).toBe(false);
    expect(await jane.request('PUT', `/api/dashboard/leads/${leadId}/home-digest`, { json: { on: true } })).toMatchObject({ status: 200, body: { on: true } });
    await settle(app.server);
    expect((await jane.get(`/api/dashboard/leads/${leadId}/cma`)).body.digest).toBe(true);
    expect(await jane.request('PUT', `/api/dashboard/leads/${leadId}/home-digest`, { json: { on: false } })).toMatchObject({ status: 200 });
    await settle(app.server);
    await queueDigests(pool(), new Date('2015-05-02T08:00:00Z'));
    expect(await rowsOf(leadId)).toEqual([]);
    const timeline = (await jane.get(`/api/dashboard/leads/${leadId}`)).body.timeline as { summary: string }[];
    expect(timeline.map((t) => t.summary)).toEqual(expect.arrayContaining(['Monthly home value e-mail turned on', 'Monthly home value e-mail turned off']));
  });
});
