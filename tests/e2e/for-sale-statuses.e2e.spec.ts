import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { browserApp } from '../support/browser-app';
import { home } from '../support/reso-home';

const LOAD_MS = 60_000;
const SHOTS = process.env.SCREENSHOT_DIR;

/** One home of every StandardStatus a feed sends, in one city, priced so that the order is known. */
const STATUSES = ['Active', 'Active Under Contract', 'Coming Soon', 'Pending', 'Closed', 'Hold', 'Withdrawn', 'Expired', 'Canceled', 'Incomplete'];
const RECORDS = [
  ...STATUSES.map((StandardStatus, i) =>
    home(`S${i}`, {
      City: 'Statusville',
      StandardStatus,
      ListPrice: 900_000 - i * 10_000,
      ClosePrice: StandardStatus === 'Closed' ? 880_000 : null,
      CloseDate: StandardStatus === 'Closed' ? '2024-06-01' : null,
    }),
  ),
  // Not for sale whatever their status: a lease, and a home the MLS keeps off the internet.
  home('LEASE', { City: 'Statusville', PropertyType: 'ResidentialLease', ListPrice: 2_500 }),
  home('HIDDEN', { City: 'Statusville', InternetEntireListingDisplayYN: false }),
];

/**
 * Which homes count as for sale: every listing on the market (Active, Active Under Contract,
 * Coming Soon), so that a city's total is what the MLS holds in those statuses; each card says
 * its status.
 */
describe('homes for sale: the statuses a search counts, said on every card', () => {
  const app = browserApp({
    prepare: async (server) => {
      await importListings(server.runtime.store, RECORDS.map((r, i) => ({ record: i + 1, line: null, parse: () => r })) satisfies ImportItem[], {
        mls: 'T',
        ctx: systemContext(),
      });
    },
  });

  const cards = (page: Page) => page.locator('ol[aria-label="Search results"] > li article');

  for (const [name, width] of [
    ['desktop', 1366],
    ['phone', 390],
  ] as const) {
    it(`counts Active, Under contract and Coming soon homes and says which each is (${name})`, async () => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(LOAD_MS);
      await page.goto(`${app.server.url}/search?city=Statusville&sortby=price-desc&type=list`);
      await page.getByText('3 homes', { exact: true }).waitFor();
      await expect.poll(() => cards(page).count(), { timeout: LOAD_MS }).toBe(3);
      const badges = await cards(page).evaluateAll((els) => els.map((e) => e.querySelector('[class*="status"]')?.textContent));
      expect(badges).toEqual(['Active', 'Under contract', 'Coming soon']);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/for-sale-statuses-${name}.png` });
      await page.close();
    });
  }

  it('the search API counts the same homes, and a sold search only the Closed one', async () => {
    const res = await fetch(`${app.server.url}/api/search?city=Statusville`);
    expect(((await res.json()) as { total: number }).total).toBe(3);
    const sold = await fetch(`${app.server.url}/api/search?city=Statusville&soldproperty=1`);
    expect(((await sold.json()) as { total: number }).total).toBe(1);
  });
});
