import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import { signedUpLead } from '../organizer/organizer-fixture';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD, settle } from '../support/dashboard-fixture';
import { waitForMails } from '../support/mail-outbox';

const record = (key: string, ts: string) => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ListPrice: 650_000,
  Latitude: 47.61,
  Longitude: -122.33,
  UnparsedAddress: key === 'L1' ? '12345 Northeast Lake Washington Boulevard Unit 1204' : `${key === 'V1' ? 500 : 700} Alder St`,
  City: key === 'L1' ? 'Mountlake Terrace' : 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98101',
  ModificationTimestamp: ts,
  ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
});

describe('listing activity in Chromium: the agent sees it, sends the seller a link and e-mails it', () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(
      server.runtime.store,
      [record('V1', '2024-05-02T12:00:00Z'), record('Q1', '2024-05-01T12:00:00Z'), record('L1', '2024-04-30T12:00:00Z')].map((r, i) => ({
        record: i + 1,
        line: null,
        parse: () => r,
      })),
      { mls: 'LAE', ctx: systemContext() },
    );
    const lead = await signedUpLead(server, 'viewer-activity@example.com');
    expect((await lead.post('/api/lead/activity', { type: 'ListingViewed', pdid: 'LAE-V1' })).status).toBe(204);
    expect((await lead.post('/api/organizer/favorite', { pdid: 'LAE-V1' })).status).toBe(204);
    await settle(server);
  });

  it('shows the weekly table, the empty state by keyboard, a seller link that opens read-only without signing in, the report e-mailed to the seller; axe clean, 390 px', async () => {
    const { server, browser } = app;
    const context = await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard?view=listing-activity`);
    await page.getByRole('heading', { name: 'Listing activity' }).waitFor();
    const table = page.getByTestId('activity-table');
    await table.waitFor();
    expect(await table.locator('tbody tr td').allTextContents()).toEqual(['1', '1', '1', '0', '0', '0']);
    expect(await seriousViolations(page)).toEqual([]);

    // The other listing, chosen by keyboard: no activity yet.
    const select = page.getByTestId('activity-listing');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('activity-empty').waitFor();
    await page.keyboard.press('ArrowUp');
    await table.waitFor();

    await page.getByRole('button', { name: 'Copy a link for the seller' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('activity-link-note').waitFor();
    const link = await page.getByTestId('activity-link').inputValue();
    expect(link).toContain('/listing-report?t=');

    // On a phone the chooser of a listing with a long address, and the link, stay within the screen; the button is a full-size touch target.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect((await page.getByRole('button', { name: 'Copy a link for the seller' }).boundingBox())!.height).toBeGreaterThanOrEqual(40);
    expect(await seriousViolations(page)).toEqual([]);

    // E-mail it to the seller, at 390 px: a missing address is said, then one e-mail goes and is listed.
    await page.getByTestId('seller-mails-empty').waitFor();
    await page.getByLabel('Seller’s name').fill('Rae Seller');
    await page.getByRole('button', { name: 'E-mail the report' }).click();
    await page.getByTestId('seller-mail-error').filter({ hasText: "Please enter the seller's e-mail address" }).waitFor();
    await page.getByLabel('Seller’s e-mail address').fill('rae.seller@example.com');
    await page.getByLabel('Note (optional)').fill('Good first week.');
    await page.getByLabel('Note (optional)').press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('seller-mail-done').waitFor();
    await page.getByTestId('seller-mails').filter({ hasText: 'Rae Seller <rae.seller@example.com>' }).waitFor();
    const mails = await waitForMails(server.runtime.db.pool, 'rae.seller@example.com', 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Good first week.');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // The seller, not signed in, opens the link.
    const seller = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const report = await seller.newPage();
    await report.goto(link);
    await report.getByRole('heading', { name: 'Activity of 500 Alder St' }).waitFor();
    expect(await report.getByTestId('activity-table').locator('tbody tr td').allTextContents()).toEqual(['1', '1', '1', '0', '0', '0']);
    expect(await report.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(report)).toEqual([]);
    // A forged link: a clear message, no data.
    await report.goto(`${server.url}/listing-report?t=v1.TEFFLVEx.9999999999.forged`);
    await report.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await seller.close();
    await context.close();
  });
});
