import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { projectRoot } from '../../src/shared/paths';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { home } from '../support/reso-home';

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
      items([sold('K1', 500_000, '2026-06-03'), sold('K2', 700_000, '2026-06-20'), sold('K3', 1_000_000, '2026-06-25'), home('K4')]),
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
});
