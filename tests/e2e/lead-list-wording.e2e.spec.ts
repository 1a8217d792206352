import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

/** Every text the lead list's heading showed, from the first paint on. */
const RECORD_HEADINGS = `
  const seen = [];
  globalThis.headings = seen;
  new MutationObserver(() => {
    const text = document.getElementById('lead-feed-title')?.textContent?.replace(/\\s+/g, ' ').trim();
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

/**
 * The lead list says what it knows: no count before the list answers, a labelled score on
 * every row, smart-list counts whole at 1366 px, and the site a lead came from by its name.
 */
describe('the lead list’s wording in Chromium (1366 and 390 px)', () => {
  const app = dashboardBrowserApp();
  let jane: BrowserContext;
  beforeAll(async () => {
    jane = await signedInContext(app.browser, app.server.url, 'agent@demo.test', PASSWORD);
    await jane.addInitScript({ content: RECORD_HEADINGS });
  });
  const rows = (page: Page) => page.getByTestId('lead-row');

  it('at 1366 px: no "Leads 0" while loading, labelled scores, counts inside the sidebar, the site by its name', async () => {
    const page = await jane.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${app.server.url}/dashboard`);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const total = await rows(page).count();
    const headings = await page.evaluate(() => (globalThis as unknown as { headings: string[] }).headings);
    expect(headings).not.toContain('Leads 0');
    expect(headings[headings.length - 1]).toBe(`Leads ${total}`);

    expect(await page.getByTestId('lead-score').first().textContent()).toMatch(/^Score \d+$/);

    const nav = page.getByRole('navigation', { name: 'Smart lists' });
    await nav.getByTestId('smart-list').first().waitFor();
    const clipped = await nav.evaluate((el) => {
      const edge = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('[data-testid="smart-list"] [class*="count"]')]
        .filter((c) => c.getBoundingClientRect().right > edge - 1)
        .map((c) => c.textContent);
    });
    expect(clipped).toEqual([]);
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // A lead from Jane's own site: the row and the lead page name the site, not its subdomain.
    const fromJane = rows(page).filter({ hasText: 'Jane Agent Homes' }).first();
    await fromJane.waitFor();
    await fromJane.getByRole('button').first().click();
    await page.getByText(/lead from \w+ on Jane Agent Homes/).waitFor();
    expect(await page.getByText(/ on jane$/).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-list-wording-desktop.png` });
    await page.close();
  });

  it('at 390 px: the same heading and labelled scores', async () => {
    const page = await jane.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/dashboard`);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const headings = await page.evaluate(() => (globalThis as unknown as { headings: string[] }).headings);
    expect(headings).not.toContain('Leads 0');
    expect(await page.getByTestId('lead-score').first().textContent()).toMatch(/^Score \d+$/);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-list-wording-phone.png` });
    await page.close();
  });
});
