import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signInPage } from '../support/sign-in-page';
import { WebClient } from '../support/web-client';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('Settings → API in Chromium: a key named, shown once with a copy button, listed, revoked after a confirm; by keyboard, at 390 px', () => {
  const app = dashboardBrowserApp();

  it('the empty state, then a key made by keyboard, copied, working as its maker; revoked in the dialog, refused at once; axe-clean at 390 px', async () => {
    const context = await app.browser.newContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'agent2@demo.test');
    await page.goto(`${app.server.url}/dashboard?view=api`);
    await page.getByRole('heading', { name: 'API', level: 1 }).waitFor();
    await page.getByText('No API keys yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Empty name: the browser's own required check keeps the form from going out.
    await page.getByLabel('Key name').focus();
    await page.keyboard.type('Dialer');
    await page.keyboard.press('Enter');
    const key = (await page.getByTestId('api-key').textContent())!;
    expect(key).toMatch(/^plk_/);
    await page.getByText('it is shown only this once').waitFor();
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    await page.getByRole('listitem').filter({ hasText: 'Dialer' }).getByText('Last used Never').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    const api = WebClient.for(app.server.url, 'localhost');
    const bearer = { headers: { authorization: `Bearer ${key}` } };
    // A lead Alex cannot see is not there for his key either; the key itself is taken.
    expect((await api.get('/api/v1/leads/00000000-0000-4000-8000-000000000999', bearer)).status).toBe(404);

    // Revoke: a confirm dialog, by keyboard; Cancel (Escape) keeps the key.
    await page.getByRole('button', { name: 'Revoke Dialer' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await api.get('/api/v1/leads/00000000-0000-4000-8000-000000000999', bearer)).status).toBe(404);
    await page.getByRole('button', { name: 'Revoke Dialer' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Revoked “Dialer”: it no longer works.').waitFor();
    await page.getByText('No API keys yet.').waitFor();
    expect((await api.get('/api/v1/leads/00000000-0000-4000-8000-000000000999', bearer)).status).toBe(401);
    await context.close();
  });
});
