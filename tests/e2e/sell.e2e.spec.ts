import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { importListings } from '../../src/modules/listings';
import type { ResoRecord } from '../../src/modules/listings/reso-record';
import { seriousViolations } from '../support/axe';
import { ballardSales, importItems } from '../support/ballard-sales';
import { dashboardBrowserApp } from '../support/browser-app';
import { settle } from '../support/dashboard-fixture';
import { openedEventsOf } from '../support/events';

const LOAD_MS = 30_000;

/** /sell (contract section 14): the instant value and its comps, then the CMA request that makes a seller lead. */
describe('/sell in Chromium', () => {
  let sales: ResoRecord[] = [];
  const app = dashboardBrowserApp(async (server) => {
    sales = await ballardSales();
    await importListings(server.runtime.store, importItems(sales), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });

  it('on a phone, by keyboard: an address in, the estimate, its range and its comps with adjustments in words; then the CMA request carries it', async () => {
    const page: Page = await (await app.browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/sell`);
    await page.getByRole('heading', { name: 'Your home’s instant value' }).waitFor();

    // Nothing typed: the page says what is missing, and asks nothing of the server.
    await page.getByRole('button', { name: 'See my estimate' }).click();
    await page.getByRole('alert').filter({ hasText: 'Type the address of your home' }).waitFor();
    // An address no sale or listing has: the server's message, in place.
    await page.getByLabel('Address of your home').fill('1 Nowhere Lane');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'We do not know that address' }).waitFor();

    const home = sales[sales.length - 1]!;
    // Typed as a homeowner writes it: street, city, state and ZIP.
    await page.getByLabel('Address of your home').fill(`${home.UnparsedAddress}, ${home.City}, ${home.StateOrProvince} ${home.PostalCode}`);
    await page.getByLabel('Size (sq ft)').fill(String(home.LivingArea));
    await page.keyboard.press('Enter');
    const result = page.getByTestId('valuation');
    await result.waitFor();
    expect(await page.getByTestId('estimate').textContent()).toMatch(/^\$\d{1,3}(,\d{3})+$/);
    await result.getByText(/Likely range \$[\d,]+ – \$[\d,]+/).waitFor();
    await result.getByText(/automated estimate .* not an appraisal/).waitFor();
    expect(await result.locator('tbody tr').count()).toBe(16);
    expect(
      await result
        .locator('tbody li')
        .filter({ hasText: /^\$[\d,]+ (added|taken off): / })
        .count(),
    ).toBeGreaterThan(0);
    // Each reason names the home it compares with the comp: "your home is 180 sq ft larger".
    expect(
      await result
        .locator('tbody li')
        .filter({ hasText: /^\$[\d,]+ (added|taken off): your (home|lot) / })
        .count(),
    ).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Map of your home and the comparable sales' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // Or the home picked on the map (here, at the point just valued): the same answer by latitude and longitude.
    await page.getByRole('button', { name: 'Pick it on the map instead' }).click();
    const pick = page.getByTestId('pick-map');
    await pick.waitFor();
    await page.getByRole('button', { name: 'See my estimate' }).click();
    await page.getByRole('alert').filter({ hasText: 'Click your home on the map first' }).waitFor();
    const box = (await pick.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await pick.getByText('Your home').waitFor();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/valuation') && 'latitude' in (r.request().postDataJSON() as object));
    await page.getByRole('button', { name: 'See my estimate' }).click();
    expect((await answered).status()).toBe(200);
    await result.waitFor();
    await page.getByRole('button', { name: 'Use the address instead' }).click();

    // "Get a CMA from an agent": the seller form, its message holding the estimate.
    await page.getByRole('heading', { name: 'Get a CMA from an agent' }).waitFor();
    const message = page.getByLabel('Message', { exact: true });
    expect(await message.inputValue()).toContain(`Instant estimate for ${home.UnparsedAddress}`);
    await page.getByLabel('Full name', { exact: true }).fill('Sam Seller');
    await page.getByLabel('Email', { exact: true }).fill(`seller-${Date.now()}@example.com`);
    await page.getByLabel('Phone', { exact: true }).fill('2065550199');
    await page.getByRole('button', { name: 'Get my home value' }).click();
    await page.getByTestId('inquiry-sent').waitFor();
    await settle(app.server);
    // The seller lead's inquiry, on its timeline, holds the estimate.
    const inquiries = await openedEventsOf(app.server.runtime.store, 'InquirySubmitted');
    const lead = inquiries.find((e) => e.data.leadType === 'Seller' && e.data.fullName === 'Sam Seller');
    expect(lead?.data.message).toContain(`Instant estimate for ${home.UnparsedAddress}`);
  });
});
