import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { importListings, readListingFile } from '../../src/modules/listings';
import { projectRoot } from '../../src/shared/paths';
import { browserApp } from '../support/browser-app';

const LOAD_MS = 60_000;
const FIXTURES = path.join(projectRoot, 'tests', 'fixtures', 'reso');

/**
 * The IDX display rules in Chromium (issue 14), over the real-shaped fixture records: attribution
 * on cards and the listing page, the MLS disclaimer, rents per month behind "For rent", an
 * approximate location said as such, and a listing the MLS keeps off the internet answering 404.
 */
describe('IDX display rules in the browser', () => {
  const app = browserApp({
    prepare: async (server) => {
      const ctx = systemContext();
      await importListings(server.runtime.store, readListingFile(path.join(FIXTURES, 'mls-grid-property-page.json')), { mls: 'ACTRIS', ctx });
      await importListings(server.runtime.store, readListingFile(path.join(FIXTURES, 'mred-like.ndjson')), { mls: 'MRED', ctx, timeZone: 'America/Chicago' });
    },
  });

  const open = async (p: string): Promise<{ page: Page; status: number | undefined }> => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(LOAD_MS);
    const res = await page.goto(`${app.server.url}${p}`);
    return { page, status: res?.status() };
  };
  const cards = (page: Page) => page.locator('ol[aria-label="Search results"] > li article');

  it('attributes every card to its office and agent, shows the disclaimer, and finds rents only with For rent, per month', async () => {
    const { page } = await open('/search?city=Austin&sortby=price-desc');
    await expect.poll(() => cards(page).count(), { timeout: LOAD_MS }).toBe(2);
    expect(await cards(page).locator('p', { hasText: 'Listing courtesy of' }).allTextContents()).toEqual([
      'Listing courtesy of Dana Whitfield, Barton Hills Realty',
      'Listing courtesy of Marisol Ortega, Crestview Property Group',
    ]);
    const disclaimer = page.getByRole('region', { name: 'Listing data disclaimers' });
    expect(await disclaimer.textContent()).toMatch(/ACTRIS .*Internet Data Exchange.* Listing data last updated /);
    await page.getByRole('radiogroup', { name: 'Homes for sale or for rent' }).getByRole('radio', { name: 'For rent' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('forrent'), { timeout: LOAD_MS }).toBe('1');
    await expect.poll(() => cards(page).count(), { timeout: LOAD_MS }).toBe(1);
    expect(await cards(page).first().locator('p').first().textContent()).toBe('$2,150/mo');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Homes for Rent in Austin');
    await page.close();
  });

  it('says whose listing it is on its page, with the disclaimer; an address the MLS hides is not shown, its location is approximate', async () => {
    const { page, status } = await open('/listing/MRED-MRD11880002');
    expect(status).toBe(200);
    await page.getByText('Listing courtesy of Devon Price, Lakeshore Partners').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Address not disclosed/);
    expect(await page.content()).not.toContain('Ohio');
    await page.getByText("Approximate location: the map shows the zip code's area, not the home.").waitFor();
    expect(await page.getByRole('region', { name: 'Listing data disclaimers' }).textContent()).toMatch(/^MRED /);
    await page.close();
  });

  it('answers 404 for a listing the MLS keeps off the internet, and the page says it is not available', async () => {
    const { page, status } = await open('/listing/MRED-MRD11880003');
    expect(status).toBe(404);
    await page.getByRole('heading', { name: 'This listing is not available' }).waitFor();
    expect((await open('/listing/MRED-NOSUCH')).status).toBe(404);
    await page.close();
  });
});
