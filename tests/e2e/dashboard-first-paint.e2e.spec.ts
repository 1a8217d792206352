import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { janesLead, PASSWORD } from '../support/dashboard-fixture';

const LIST = /\/api\/dashboard\/feed\?/;

/**
 * The lead list is the dearest read of the dashboard (a page and its total over every lead in
 * scope): nothing else on the page waits for it. A view other than the list (and plans, which
 * offers the list's leads) never asks for it; on the list, the live socket connects while it is
 * still on its way.
 */
describe('the dashboard in Chromium: views and the live socket do not wait for the lead list', () => {
  const app = dashboardBrowserApp();

  for (const [width, device] of [
    [1366, 'desktop'],
    [390, 'phone'],
  ] as const) {
    it(`Team and Board open without asking for the lead list (${device})`, async () => {
      const { server, browser } = app;
      const context = await signedInContext(browser, server.url, 'broker@demo.test', PASSWORD);
      const asked: string[] = [];
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      page.on('request', (r) => {
        if (LIST.test(r.url())) asked.push(r.url());
      });
      await page.goto(`${server.url}/dashboard?view=team`);
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      await page.getByText('Live', { exact: true }).waitFor();
      await page.goto(`${server.url}/dashboard?view=board`);
      await page.getByRole('heading', { name: 'Board', level: 1 }).waitFor();
      await page.getByText('Live', { exact: true }).waitFor();
      expect(asked).toEqual([]);
      // Back on the list, it is asked for and shown.
      await page.goto(`${server.url}/dashboard`);
      await page.getByTestId('lead-row').first().waitFor();
      expect(asked).toHaveLength(1);
      await context.close();
    });
  }

  it('on the list, the socket is live while the list is still on its way, and a lead captured meanwhile is in the list once it comes', async () => {
    const { server, browser } = app;
    const context = await signedInContext(browser, server.url, 'broker@demo.test', PASSWORD);
    const held: Route[] = [];
    // The list's answer is held back (the real server's, released below): as on a busy server.
    await context.route(LIST, (route) => (held.length === 0 ? void held.push(route) : route.continue()));
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    expect(held).toHaveLength(1);
    await janesLead(server, { FullName: 'Early Edna' });
    await held[0]!.continue();
    await page.getByTestId('lead-row').filter({ hasText: 'Early Edna' }).waitFor();
    // Heard live before the list came and in the list too: once.
    expect(await page.getByTestId('lead-row').filter({ hasText: 'Early Edna' }).count()).toBe(1);
    await context.close();
  });
});
