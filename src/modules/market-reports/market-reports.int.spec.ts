import { describe, expect, it } from 'vitest';
import { settle } from '../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../tests/support/dashboard-server';
import { home } from '../../../tests/support/reso-home';
import { WebClient } from '../../../tests/support/web-client';
import { systemContext } from '../../commands/command-context';
import { type ImportItem, importListings } from '../listings';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
const sold = (key: string, price: number, listed: string, closed: string, extra: Record<string, unknown> = {}) =>
  home(key, { StandardStatus: 'Closed', ClosePrice: price, CloseDate: closed, ListingContractDate: listed, LivingArea: 1000, ...extra });

/** /market/{city-or-zip}: public, server-rendered, from the listings' events. */
describe('market reports', () => {
  const app = dashboardServer(async (server) => {
    await importListings(
      server.runtime.store,
      items([
        sold('M1', 500_000, '2026-05-01', '2026-06-03'),
        sold('M2', 700_000, '2026-05-10', '2026-06-20'),
        sold('M3', 1_000_000, '2026-06-01', '2026-06-25', { PostalCode: '98103' }),
        home('M4', { ListingContractDate: '2026-06-05' }),
      ]),
      { mls: 'T', ctx: systemContext() },
    );
    await settle(server);
  });
  const visitor = () => WebClient.for(app.server.url, 'demo.localhost');
  const page = (path: string) => visitor().request('GET', path, { headers: { accept: 'text/html' } });

  it("a city's page is server-rendered with its title, canonical, Dataset JSON-LD, chart and monthly table", async () => {
    const res = await page('/market/seattle');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title>Seattle housing market: prices and trends \| [^<]+<\/title>/);
    expect(res.text).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/market\/seattle" \/>/);
    const ld = [...res.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(ld.find((d) => d['@type'] === 'Dataset')).toMatchObject({ name: 'Seattle housing market by month', spatialCoverage: { name: 'Seattle' } });
    expect(res.text).toContain('<svg class="market-chart"');
    expect(res.text).toContain('<p class="market-scale">Every month with a sale: $700,000.</p>');
    // June 2026: three sales 500k, 700k, 1M → median 700k; per sq ft 500, 700, 1000 → 700.
    expect(res.text).toMatch(/<th scope="row">Jun 2026<\/th><td>\$700,000<\/td><td>\$700<\/td>/);
  });

  it('a zip has its own page; an unknown or malformed area answers 404, the API too with a message', async () => {
    const zip = await visitor().request('GET', '/api/market?path=/market/98103');
    expect(zip.status).toBe(200);
    expect(zip.body.months.at(-1)).toMatchObject({ month: '2026-06', sales: 1, medianPrice: 1_000_000 });
    expect((await page('/market/spokane')).status).toBe(404);
    expect((await page('/market/123')).status).toBe(404);
    const missing = await visitor().request('GET', '/api/market?path=/market/spokane');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No market report for this area' });
  });

  it('is named in the sitemap and linked from the area page', async () => {
    const sitemap = await visitor().request('GET', '/sitemaps/pages.xml');
    expect(sitemap.text).toMatch(/<loc>[^<]+\/market\/seattle<\/loc>/);
    expect(sitemap.text).toMatch(/<loc>[^<]+\/market\/98103<\/loc>/);
    expect((await page('/homes-for-sale/seattle')).text).toContain('<a href="/market/seattle">Seattle housing market report</a>');
  });

  it('shows a new sale on the first request after the projection applied it (the cached report is keyed by its checkpoint)', async () => {
    const juneOf = async (path: string) => {
      const res = await visitor().get(`/api/market?path=${encodeURIComponent(path)}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.months as { month: string; sales: number }[]).find((m) => m.month === '2026-06')!.sales;
    };
    const before = await juneOf('/market/seattle');
    expect(await juneOf('/market/seattle')).toBe(before);
    await importListings(app.server.runtime.store, items([sold('M9', 800_000, '2026-05-20', '2026-06-28')]), { mls: 'T', ctx: systemContext() });
    await settle(app.server);
    expect(await juneOf('/market/seattle')).toBe(before + 1);
    const html = await page('/market/seattle');
    expect(html.status).toBe(200);
  });
});
