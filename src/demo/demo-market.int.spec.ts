import { describe, expect, it } from 'vitest';
import { settle } from '../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../tests/support/dashboard-server';
import { home } from '../../tests/support/reso-home';
import { WebClient } from '../../tests/support/web-client';
import { systemContext } from '../commands/command-context';
import { importListings } from '../modules/listings';
import { demoListingSources } from './seed-listings';

/** The demo's real sales as a visitor meets them on a fresh start: in the months up to today. */
describe("the demo's King County sales on market pages and estimates", () => {
  const today = new Date().toISOString().slice(0, 10);
  const app = dashboardServer(async (server) => {
    const kingCounty = demoListingSources(today, 0).find((s) => s.mls === 'NWMLS')!;
    await importListings(server.runtime.store, await kingCounty.items(), { mls: kingCounty.mls, ctx: systemContext() });
    // As the demo's generated Active listings do, one listed today brings the report up to this month.
    const listedToday = home('DEMO-ACTIVE', { ListingContractDate: today, ModificationTimestamp: `${today}T00:00:00Z` });
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => listedToday }], { mls: 'DEMO', ctx: systemContext() });
    await settle(server);
  });
  const visitor = () => WebClient.for(app.server.url, 'demo.localhost');

  it('/market/seattle charts the median sold price of a year of months up to last month', async () => {
    const res = await visitor().request('GET', '/market/seattle', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('No homes sold here in these months');
    expect([...res.text.matchAll(/<circle /g)].length).toBeGreaterThanOrEqual(12);
    const report = (await visitor().get('/api/market?path=/market/seattle')).body as { months: { month: string; sales: number }[] };
    const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
    expect(report.months.find((m) => m.month === lastMonth)?.sales).toBeGreaterThan(100);
  });

  it('values a Seattle home as of today from sales of the last year and a half', async () => {
    const res = await visitor().request('POST', '/api/valuation', { json: { latitude: 47.6755, longitude: -122.3862, beds: 3, baths: 2, livingArea: 1800 } });
    expect(res.status, res.text).toBe(200);
    const since = new Date(Date.now() - 548 * 86_400_000).toISOString().slice(0, 10);
    expect(res.body.comps.length).toBeGreaterThan(0);
    expect(res.body.comps.every((c: { closeDate: string }) => c.closeDate >= since && c.closeDate < today)).toBe(true);
  });
});
