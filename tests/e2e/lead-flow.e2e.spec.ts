import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { openDashboardView } from '../support/dashboard-view-page';
import { signInPage } from '../support/sign-in-page';
import { WebClient } from '../support/web-client';

/** The broker on Settings → Lead flow, on a phone. */
const LEAD_FLOW = { email: 'broker@demo.test', view: 'lead-flow', heading: 'Lead flow' };

describe('Settings → Lead flow in Chromium: rules by source, the intake URL and address, unread deliveries; by keyboard, at 390 px', () => {
  const app = dashboardBrowserApp();

  it('the broker routes Zillow to Alex, copies and renews the intake URL, and makes a lead of an unread delivery; axe-clean at 390 px', async () => {
    const { context, page } = await openDashboardView(app, { ...LEAD_FLOW, permissions: ['clipboard-read', 'clipboard-write'] });
    await page.getByText('Nothing unread').waitFor();
    // The broker's first look makes the office's intake address and URL: they are there at once.
    await page.getByTestId('intake-url').waitFor();
    expect(await page.getByRole('button', { name: 'Create URL' }).count()).toBe(0);
    const url = (await page.getByTestId('intake-url').textContent())!;
    expect(url).toMatch(/\/api\/inbound\/leads\/[0-9a-f]{32}$/);
    expect(await page.getByTestId('intake-email').textContent()).toMatch(/^[0-9a-f]{32}@/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('Intake URL copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(url);

    // Zillow's leads to Alex, by keyboard: the select takes the arrow keys, Enter on the button saves.
    await page.getByRole('combobox', { name: 'Who gets Zillow leads' }).selectOption({ label: 'Alex Agent' });
    await page.getByRole('button', { name: 'Save lead flow' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Lead flow saved').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Lead flow', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Who gets Zillow leads' }).inputValue()).toBe('00000000-0000-4000-8000-000000000011');

    // A delivery in a shape nobody reads: refused 422 to the sender, kept for the broker.
    const sender = WebClient.for(app.server.url, 'localhost');
    const path = new URL(url).pathname;
    const odd = await sender.post(path, { lead: { mail: 'oddly@example.com' }, note: 'Call me' }, { origin: null });
    expect(odd.status).toBe(422);
    await page.reload();
    const item = page.getByRole('listitem').filter({ hasText: 'Posted to the intake URL' });
    await item.waitFor();
    await item.getByRole('button', { name: 'Make a lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a lead' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe('oddly@example.com');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Source').fill('Zillow');
    await dialog.getByLabel('First name').fill('Odd');
    await dialog.getByLabel('First name').press('Enter');
    await page.getByText('Lead made').waitFor();
    await page.getByText('Nothing unread').waitFor();

    // A new intake URL: confirmed in a dialog; the old one takes nothing more.
    await page.getByRole('button', { name: 'New intake URL' }).click();
    await page.getByRole('dialog', { name: 'Make a new intake URL?' }).getByRole('button', { name: 'Make new URL' }).click();
    await page.getByText('New intake URL made').waitFor();
    expect(await page.getByTestId('intake-url').textContent()).not.toBe(url);
    expect((await sender.post(path, {}, { origin: null })).status).toBe(404);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('"Refresh forms" with no Facebook page connected says so and links to Settings → Facebook lead ads (by keyboard, at 390 px)', async () => {
    const { context, page } = await openDashboardView(app, LEAD_FLOW);
    await page.getByRole('button', { name: 'Refresh forms' }).focus();
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'No Facebook page is connected, so there are no lead forms to list' });
    await status.waitFor();
    expect(await page.getByText('nothing new').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await status.getByRole('link', { name: 'Settings → Facebook lead ads' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Facebook lead ads', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('facebook');
    await context.close();
  });

  it('refuses an agent (403 from the lead-flow API)', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    const res = await page.request.get(`${app.server.url}/api/dashboard/lead-flow`);
    expect(res.status()).toBe(403);
    await context.close();
  });
});
