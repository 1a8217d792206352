import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD, settle } from '../support/dashboard-fixture';

const record = {
  ListingKey: 'F1',
  StandardStatus: 'Active',
  ListPrice: 610_000,
  Latitude: 47.6,
  Longitude: -122.31,
  UnparsedAddress: '9 Spruce Way',
  City: 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98104',
  ModificationTimestamp: '2024-05-02T12:00:00Z',
  ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
};

describe('"Forget this seller" in Chromium at 390 px, by keyboard', () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => record }], { mls: 'FSE', ctx: systemContext() });
    await settle(server);
  });

  it('the agent e-mails a report, forgets its seller after a confirmation, and the row says the seller was erased; axe clean', async () => {
    const { server, browser } = app;
    const context = await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard?view=listing-activity`);
    await page.getByTestId('seller-mails-empty').waitFor();
    await page.getByLabel('Seller’s name').fill('Faye Forgotten');
    await page.getByLabel('Seller’s e-mail address').fill('faye.forgotten@example.com');
    await page.getByLabel('Seller’s e-mail address').press('Enter');
    const row = page.getByTestId('seller-mail').filter({ hasText: 'Faye Forgotten <faye.forgotten@example.com>' });
    await row.waitFor();

    // Keyboard: the button, then the dialog; keeping changes nothing.
    const forget = page.getByRole('button', { name: 'Forget this seller: Faye Forgotten' });
    await forget.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Forget this seller?' });
    await dialog.waitFor();
    // Focus starts on the safe button: an Enter out of habit keeps the seller.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Keep');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();

    await forget.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Forget the seller' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('seller-mail').filter({ hasText: 'Seller erased' }).waitFor();
    expect(await page.getByTestId('seller-mails').textContent()).not.toContain('Faye');
    expect(await page.getByRole('button', { name: /^Forget this seller/ }).count()).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // After a reload too: it is the server that forgot.
    await page.reload();
    await page.getByTestId('seller-mail').filter({ hasText: 'Seller erased' }).waitFor();
    await context.close();
  });

  it('staff erase an e-mail address from the back-office Privacy tab after a confirmation; the counts are said', async () => {
    const { server, browser } = app;
    const context = await signedInContext(browser, server.url, 'staff@porchlight.test', PASSWORD);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard/backoffice?view=privacy`);
    await page.getByRole('heading', { name: 'Erase an e-mail address' }).waitFor();
    await page.getByRole('button', { name: 'Erase…' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter the e-mail address' }).waitFor();
    // An account's address is refused: the refusal is said inside the dialog, which stays open; focus starts on Keep.
    await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill('agent@demo.test');
    await page.getByLabel('Reason (kept in the history)').fill('Asked by e-mail');
    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this address’s data?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Keep');
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This address belongs to an account' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Erase…' }).click();
    // Opened again, it no longer says the last refusal.
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await page.getByTestId('erase-address-done').filter({ hasText: 'Erased: 0 listing reports and 0 intake items' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
