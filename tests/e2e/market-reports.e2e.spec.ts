import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { projectRoot } from '../../src/shared/paths';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { home } from '../support/reso-home';
import { SecretKey } from '../../src/modules/accounts';
import { marketStopLinks } from '../../src/modules/market-reports';

const LOAD_MS = 60_000;
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
const sold = (key: string, price: number, closed: string) =>
  home(key, { StandardStatus: 'Closed', ClosePrice: price, CloseDate: closed, ListingContractDate: '2026-05-01', LivingArea: 1000 });

/**
 * A market report in Chromium, phone (390 px) and desktop (1366 px): reached from the city's
 * page, the chart and the monthly table drawn by the app, the table scrolling within the page,
 * and a visitor subscribing monthly (the form says what is missing first); axe finds nothing serious.
 */
describe('market reports in the browser', () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(
      server.runtime.store,
      items([
        sold('K0', 450_000, '2026-05-15'),
        sold('K1', 500_000, '2026-06-03'),
        sold('K2', 700_000, '2026-06-20'),
        sold('K3', 1_000_000, '2026-06-25'),
        home('K4'),
      ]),
      { mls: 'T', ctx: systemContext() },
    );
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`at ${viewport.width} px: the city page links the report; its chart and table show the months; a visitor subscribes`, async () => {
      const page = await app.browser.newPage({ viewport });
      page.setDefaultTimeout(LOAD_MS);
      await page.goto(`${app.server.url}/homes-for-sale/seattle`);
      // Drawn by the app: the server's page is gone once the app shows the area.
      await page.getByRole('region', { name: /Seattle market in numbers/ }).waitFor();
      await page.getByRole('link', { name: 'Seattle housing market report' }).click();
      await page.getByRole('heading', { level: 1, name: 'Seattle housing market' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/market/seattle');
      await page.getByRole('img', { name: /Median sold price by month in Seattle/ }).waitFor();
      const june = page.getByRole('row', { name: /Jun 2026/ });
      expect(await june.getByRole('cell').first().textContent()).toBe('$700,000');
      // The chart's scale starts at the lowest month, not at $0: the words under it say so and name its ends.
      expect(await page.getByTestId('market-scale').textContent()).toBe(
        'Lowest $450,000 (May 2026), highest $700,000 (Jun 2026): the chart spans that range, not from $0; months without a sale leave a gap.',
      );
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);

      const form = page.getByRole('region', { name: 'Get the Seattle report every month' });
      await form.getByRole('button', { name: 'Subscribe monthly' }).click();
      await form.getByRole('alert').first().waitFor();
      await form.getByLabel('Full name', { exact: true }).fill('Mia Market');
      await form.getByLabel('Email', { exact: true }).fill(`mia-${viewport.width}@example.com`);
      await form.getByLabel('Phone', { exact: true }).fill('2065550123');
      await page.screenshot({ path: path.join(projectRoot, '.data', `market-report-${viewport.width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Subscribe monthly' }).click();
      await page.getByTestId('market-subscribed').waitFor();
      // The form made the visitor a lead and, as that lead, the subscription the monthly e-mail goes by.
      const { rows } = await app.server.runtime.db.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM events WHERE type = 'MarketReportSubscribed' AND data->>'slug' = 'seattle'",
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);

      await page.goto(`${app.server.url}/market/nowhere-at-all`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.close();
    });
  }

  it("at 390 px: the e-mail's stop link names the area and stops it by keyboard, the lead's other e-mail untouched; axe clean", async () => {
    const { rows } = await app.server.runtime.db.pool.query<{ lead_id: string }>(
      "SELECT data->>'leadId' AS lead_id FROM events WHERE type = 'MarketReportSubscribed' AND data->>'slug' = 'seattle' ORDER BY global_position LIMIT 1",
    );
    const leadId = rows[0]!.lead_id;
    const stop = marketStopLinks(await app.server.app.get(SecretKey).get(), app.server.url, leadId, ['seattle']);
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(stop.area('seattle'));
    await page.getByRole('heading', { level: 1, name: 'The Seattle market report' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop the Seattle report' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('market-stopped').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    const stopped = await app.server.runtime.store.readStream(`marketreport-${leadId}`);
    expect(stopped.map((e) => e.type)).toEqual(['MarketReportSubscribed', 'MarketReportUnsubscribed']);

    await page.goto(`${app.server.url}/market-unsubscribe?t=v1.forged`);
    await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await page.close();
  });
});
