import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { browserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';

const LOAD_MS = 30_000;
const PASSWORD = 'first-run-staff-password';

describe('first-run setup page in Chromium: a production start before any account, its one-time link, the form at 390 px by keyboard, then 404', () => {
  const app = browserApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'error' } });

  it('sets up the staff account and the brokerage once; the errors are said; the link then opens the not-found page; the staff account signs in', async () => {
    const token = app.server.setupUrl!.split('#')[1]!;
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/setup#${token}`);
    const submit = page.getByRole('button', { name: 'Set up Porchlight' });
    await submit.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The form fits the phone: nothing wider than the screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/first-run-setup-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1366);
    await page.screenshot({ path: '/tmp/first-run-setup-1366.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // Nothing filled: the first thing missing is said, and the alert takes the focus.
    await submit.click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Please enter your first and last name' }).waitFor();
    expect(await page.evaluate('document.activeElement?.getAttribute("role")')).toBe('alert');

    // By keyboard: each field in turn, Enter submits.
    await page.getByLabel('Your first and last name').focus();
    for (const value of ['Sam Staff', 'sam@acme.test', 'short', 'Acme Realty', 'Blair Broker', 'blair@acme.test', 'acme']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await alert.filter({ hasText: 'Please choose a password of 8 to 200 characters' }).waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Site subdomain').fill('Acme Realty!');
    await submit.click();
    await alert.filter({ hasText: 'A subdomain is 1 to 63 lower-case letters, digits or dashes' }).waitFor();

    await page.getByLabel('Site subdomain').fill('acme');
    await page.getByLabel('Site subdomain').press('Enter');
    await page.getByRole('heading', { name: 'Porchlight is set up' }).waitFor();
    // The spent token leaves the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await page.screenshot({ path: '/tmp/first-run-setup-done-390.png', fullPage: true });
    await page.getByRole('link', { name: 'Sign in as staff' }).waitFor();

    // The link again (a fresh load, not a fragment change): the not-found page, and the server answers 404.
    await page.goto('about:blank');
    const again = await page.goto(`${app.server.url}/setup#${token}`);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Set up Porchlight' }).count()).toBe(0);

    // The staff account signs in; the brokerage's site answers on the product's address.
    const staff = await signedInContext(app.browser, app.server.url, 'sam@acme.test', PASSWORD);
    const me = await staff.request.get(`${app.server.url}/api/account/me`);
    expect(await me.json()).toMatchObject({ securityLevel: 25 });
    const site = await staff.request.get(`${app.server.url}/api/site`);
    expect(JSON.stringify(await site.json())).toContain('Acme Realty');
    await staff.close();
    await context.close();
  });

  it('a wrong token opens the not-found page', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/setup#not-a-token`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});
