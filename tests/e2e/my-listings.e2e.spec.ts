import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

const record = (key: string, ts: string, extra: Record<string, unknown> = {}) => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ListPrice: 650_000,
  Latitude: 47.61,
  Longitude: -122.33,
  UnparsedAddress: `${key === 'H1' ? 400 : 200} Cedar Ave`,
  City: 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98101',
  ModificationTimestamp: ts,
  ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
  ListOfficeName: 'Demo Realty',
  ...extra,
});

describe("an agent's My listings in Chromium", () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(
      server.runtime.store,
      [
        record('P1', '2024-05-01T12:00:00Z'),
        record('H1', '2024-05-02T12:00:00Z', { InternetEntireListingDisplayYN: false, StandardStatus: 'Coming Soon' }),
      ].map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'E2E', ctx: systemContext() },
    );
    await settle(server);
  });

  it('lists her listings from the nav, the hidden one marked and not linked, with no serious axe violation, at 390 px too', async () => {
    const { server, browser } = app;
    const context = await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    await page.getByRole('button', { name: 'Listings' }).click();
    await page.getByRole('heading', { name: 'My listings' }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=listings');
    await page.getByText('2 listings, 1 not shown publicly').waitFor();
    const rows = page.getByRole('listitem').filter({ hasText: 'Cedar Ave' });
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^400 Cedar Ave, Seattle, WA 98101Not shown publicly \(IDX\)Coming Soon · \$650,000/),
      expect.stringMatching(/^200 Cedar Ave, Seattle, WA 98101Active · \$650,000/),
    ]);
    expect(await rows.first().getByRole('link').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-listings.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // The public page of the hidden listing is not found; the other's is linked from the list.
    const hidden = await context.request.get(`${server.url}/api/details/E2E-H1`);
    expect(hidden.status()).toBe(404);
    await rows.nth(1).getByRole('link', { name: '200 Cedar Ave, Seattle, WA 98101' }).click();
    await page.waitForURL(/\/listing\/E2E-P1$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard?view=listings`);
    await page.getByText('Not shown publicly (IDX)').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-listings-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
