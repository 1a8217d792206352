import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { NO_SUCH_AGENT } from '../../src/modules/leads/submit-inquiry/inquiry.http';
import type { AreaView, TeamMember } from '../../src/contract/public-pages';
import { demoUser, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';
import { WebClient } from '../support/web-client';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
/** A date `n` days before today (UTC), as the feed writes dates. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const keyOf = (userId: string) => userId.replace(/-/g, '').slice(-12);
const olympia = (key: string, extra: Record<string, unknown>) =>
  home(key, { City: 'Olympia', PostalCode: '98501', CountyOrParish: 'Thurston', Latitude: 47.04, Longitude: -122.9, ...extra });

/**
 * Area and agent pages without JavaScript (issue 17 parts 2 and 3), over plain HTTP against the
 * product and PostgreSQL: an area's market in numbers against a fixture worked out by hand, the
 * bar chart's table, the team page, and an inquiry from an agent's page reaching that agent.
 */
describe('area pages in numbers, agent pages and the team page (issue 17 parts 2-3)', () => {
  let server: Started;
  let stop: () => Promise<void>;
  const visitor = () => WebClient.for(server.url, 'demo.localhost');
  const page = async (path: string, host = 'demo.localhost') => {
    const res = await WebClient.for(server.url, host).get(path, { headers: { accept: 'text/html' } });
    return { status: res.status, doc: new new Window().DOMParser().parseFromString(res.text, 'text/html') };
  };

  beforeAll(async () => {
    ({ server, stop } = await startDashboardServer());
    await importListings(
      server.runtime.store,
      items([
        // For sale: list prices 300k, 400k, 500k, 600k, 900k → median 500,000.
        // Price per sq ft (those with a living area): 300, 200, 400, 300 → median 300.
        // Days on market (those with a contract date): 10, 20, 30, 40 → median 25.
        olympia('O1', { ListPrice: 300_000, LivingArea: 1000, BedroomsTotal: 2, ListingContractDate: daysAgo(10), Latitude: 47.0 }),
        olympia('O2', { ListPrice: 400_000, LivingArea: 2000, BedroomsTotal: 3, ListingContractDate: daysAgo(20), Latitude: 47.02 }),
        olympia('O3', { ListPrice: 500_000, LivingArea: 1250, BedroomsTotal: 3, ListingContractDate: daysAgo(30), Latitude: 47.06 }),
        olympia('O4', { ListPrice: 900_000, LivingArea: 3000, BedroomsTotal: 6, ListingContractDate: daysAgo(40), Latitude: 47.08 }),
        olympia('O5', { StandardStatus: 'Active Under Contract', ListPrice: 600_000, LivingArea: null, BedroomsTotal: 4, ListingContractDate: null }),
        // Sold: two in the last 12 months, one before; none of them counts as for sale.
        olympia('C1', { StandardStatus: 'Closed', ListPrice: 700_000, ClosePrice: 690_000, CloseDate: daysAgo(100) }),
        olympia('C2', { StandardStatus: 'Closed', ListPrice: 100_000, ClosePrice: 100_000, CloseDate: daysAgo(400) }),
        olympia('C3', { StandardStatus: 'Closed', ListPrice: 800_000, ClosePrice: 800_000, CloseDate: daysAgo(30) }),
        // Neither for sale nor sold: pending, and a lease.
        olympia('P1', { StandardStatus: 'Pending', ListPrice: 5_000_000 }),
        olympia('R1', { PropertyType: 'Residential Lease', ListPrice: 2_500 }),
        // A place whose feed has no sold home: no "sold in the last 12 months" at all.
        home('L1', { City: 'Lacey', PostalCode: '98503', CountyOrParish: 'Thurston', ListPrice: 450_000, LivingArea: 1500, ListingContractDate: daysAgo(7) }),
      ]),
      { mls: 'T', ctx: systemContext() },
    );
    await server.runtime.runner.waitForCatchUp();
  }, 120_000);
  afterAll(async () => stop?.());

  it('a city page says its market in numbers, worked out by hand, with the bar chart as a table, without JavaScript', async () => {
    const p = await page('/homes-for-sale/olympia');
    expect(p.status).toBe(200);
    const market = p.doc.querySelector('#ssr section.ssr-market')!;
    expect(market.querySelector('h2')?.textContent).toBe('The Olympia market in numbers');
    const figures = [...market.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Homes for sale', '5'],
      ['Median list price', '$500,000'],
      ['Median price per sq ft', '$300'],
      ['Median days on market', '25'],
      ['Sold in the last 12 months', '2'],
    ]);
    const table = market.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Average list price by bedrooms');
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['2 bedrooms', '$300,000', '1'],
      ['3 bedrooms', '$450,000', '2'],
      ['4 bedrooms', '$600,000', '1'],
      ['5+ bedrooms', '$900,000', '1'],
    ]);
    // The listings are still there, after the numbers.
    expect(p.doc.querySelectorAll('#ssr .ssr-card')).toHaveLength(5);
  });

  it('the app reads the same numbers, the map centre and the first homes from /api/pages/area; the zip and county pages have theirs', async () => {
    const res = await visitor().get(`/api/pages/area?path=${encodeURIComponent('/homes-for-sale/olympia')}`);
    expect(res.status).toBe(200);
    const area = res.body as AreaView;
    expect(area.market).toEqual({
      active: 5,
      medianListPrice: 500_000,
      medianPricePerSqft: 300,
      medianDaysOnMarket: 25,
      soldLast12Months: 2,
      byBedrooms: [
        { beds: '2', averagePrice: 300_000, count: 1 },
        { beds: '3', averagePrice: 450_000, count: 2 },
        { beds: '4', averagePrice: 600_000, count: 1 },
        { beds: '5+', averagePrice: 900_000, count: 1 },
      ],
      center: { lat: 47.04, lng: -122.9 },
    });
    expect(area.total).toBe(5);
    expect(area.listings.map((c) => c.pdid).sort()).toEqual(['T-O1', 'T-O2', 'T-O3', 'T-O4', 'T-O5']);
    const zip = (await visitor().get(`/api/pages/area?path=${encodeURIComponent('/homes-for-sale/zip/98501')}`)).body as AreaView;
    expect(zip.market.medianListPrice).toBe(500_000);
    const county = (await visitor().get(`/api/pages/area?path=${encodeURIComponent('/homes-for-sale/county/thurston-county')}`)).body as AreaView;
    // Olympia's five and Lacey's one: 300, 400, 450, 500, 600, 900 → (450 + 500) / 2.
    expect(county.market).toMatchObject({ active: 6, medianListPrice: 475_000, soldLast12Months: 2 });
  });

  it('a place whose feed has no sold home leaves "sold in the last 12 months" out', async () => {
    const p = await page('/homes-for-sale/lacey');
    const labels = [...p.doc.querySelectorAll('#ssr .ssr-market dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Homes for sale', 'Median list price', 'Median price per sq ft', 'Median days on market']);
    expect(((await visitor().get(`/api/pages/area?path=${encodeURIComponent('/homes-for-sale/lacey')}`)).body as AreaView).market.soldLast12Months).toBeNull();
  });

  it("the team page lists the site's people (broker first, then by name), linked from the header and the root; an agent's site lists its agent", async () => {
    const p = await page('/agents');
    expect(p.status).toBe(200);
    expect(p.doc.querySelector('#ssr h1')?.textContent).toBe('Our agents');
    const names = [...p.doc.querySelectorAll('#ssr .ssr-team li > a:not([href^="tel:"])')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(names).toEqual([
      ['Blair Broker', `/agents/blair-broker-${keyOf(demoUser('broker').userId)}`],
      ['Alex Agent', `/agents/alex-agent-${keyOf(demoUser('agent2').userId)}`],
      ['Jane Agent', `/agents/jane-agent-${keyOf(demoUser('agent').userId)}`],
    ]);
    expect(p.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/agents$/);
    expect([...p.doc.querySelectorAll('#ssr header a')].map((a) => a.getAttribute('href'))).toContain('/agents');
    const root = await page('/');
    expect([...root.doc.querySelectorAll('#ssr a')].map((a) => a.getAttribute('href'))).toContain('/agents');
    const api = (await visitor().get('/api/pages/agents')).body as { agents: TeamMember[] };
    expect(api.agents.map((m) => [m.name, m.role])).toEqual([
      ['Blair Broker', 'Broker'],
      ['Alex Agent', 'Agent'],
      ['Jane Agent', 'Agent'],
    ]);
    const janes = (await WebClient.for(server.url, 'jane.localhost').get('/api/pages/agents')).body as { agents: TeamMember[] };
    expect(janes.agents.map((m) => m.name)).toEqual(['Jane Agent']);
  });

  it("an inquiry from an agent's page goes to that agent, even past the rotation; a key of someone else's office is refused", async () => {
    const alexKey = keyOf(demoUser('agent2').userId);
    const email = `olga-${Date.now()}@example.com`;
    const sent = await visitor().post('/api/account/inquiry', {
      FullName: 'Olga Buyer',
      Email: email,
      Phone: '3605550100',
      Message: 'Can we talk about Olympia?',
      LeadType: 'Inquiry',
      AgentKey: alexKey,
    });
    expect(sent.status, sent.text).toBe(200);
    await settle(server);
    const alex = await signIn(server, 'agent2@demo.test');
    const leads = (await alex.get('/api/dashboard/leads?perpage=200')).body.leads as { leadId: string }[];
    expect(leads.map((l) => l.leadId)).toContain(sent.body.leadId);
    const jane = await signIn(server, 'agent@demo.test');
    expect(((await jane.get('/api/dashboard/leads?perpage=200')).body.leads as { leadId: string }[]).map((l) => l.leadId)).not.toContain(sent.body.leadId);
    // Jane's own site has only Jane: the broker's key names nobody there.
    const refused = await WebClient.for(server.url, 'jane.localhost').post('/api/account/inquiry', {
      FullName: 'Olga Buyer',
      Email: `x-${email}`,
      Phone: '3605550100',
      AgentKey: keyOf(demoUser('broker').userId),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: NO_SUCH_AGENT });
    expect((await visitor().post('/api/account/inquiry', { FullName: 'Olga Buyer', Email: `y-${email}`, Phone: '3605550100', AgentKey: 'nope' })).status).toBe(
      400,
    );
  });
});
