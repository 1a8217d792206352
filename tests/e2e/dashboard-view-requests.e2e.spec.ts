import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardBrowserApp } from '../support/browser-app';
import { signInPage } from '../support/sign-in-page';

/** Not the default zone: the agent's zone arrives after the view opened and must not make it ask again. */
const ZONE = 'Europe/Paris';
/** What the Tasks and Calendar views read: tasks, showings, the calendar. */
const VIEW_DATA = /\/api\/dashboard\/(tasks|showings|calendar)(\/due)?(\?|$)/;

/** Every request under /api/dashboard/ the view's data paths match, from the view's opening until nothing is in flight. */
async function requestsOpening(page: Page, url: string, shown: (page: Page) => Promise<void>): Promise<string[]> {
  const asked: string[] = [];
  // Only the requests seen starting: one begun before (the page before) ends without counting.
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    if (!r.url().includes('/api/')) return;
    inFlight.add(r);
    if (VIEW_DATA.test(r.url())) asked.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
  });
  const done = (r: Request) => inFlight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(url);
  await shown(page);
  await expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0);
  return asked;
}

describe('the dashboard in Chromium: the Tasks and the Calendar view each read their first screen in one request', () => {
  const app = dashboardBrowserApp();

  for (const [width, device] of [
    [1366, 'desktop'],
    [390, 'phone'],
  ] as const) {
    it(`Tasks, then Calendar, opened by a broker whose zone is not the default (${device})`, async () => {
      const context = await app.browser.newContext({ viewport: { width, height: 900 }, timezoneId: ZONE });
      const page = await context.newPage();
      await page.goto(`${app.server.url}/search`);
      await signInPage(page, 'broker@demo.test');

      const tasks = await requestsOpening(page, `${app.server.url}/dashboard?view=tasks`, async (p) => {
        await p.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
        await p.getByText(`Times in ${ZONE}`).waitFor();
        await p.getByRole('region', { name: /^Upcoming/ }).waitFor();
      });
      expect(tasks).toEqual(['GET /api/dashboard/tasks/due?scope=mine']);

      const calendar = await requestsOpening(page, `${app.server.url}/dashboard?view=calendar`, async (p) => {
        await p.getByText(`times in ${ZONE}`).waitFor();
        await p.getByRole('button', { name: 'Today' }).waitFor();
      });
      expect(calendar).toHaveLength(1);
      expect(calendar[0]).toMatch(/^GET \/api\/dashboard\/calendar\?/);
      await context.close();
    });
  }
});
