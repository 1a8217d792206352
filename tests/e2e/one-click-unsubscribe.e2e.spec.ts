import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CommunicationLinks, loadAccount } from '../../src/modules/accounts';
import { dashboardBrowserApp } from '../support/browser-app';

const SHOTS = process.env.SCREENSHOT_DIR;
const LEE = '00000000-0000-4000-8000-000000000005';

/**
 * The one-click unsubscribe address of every marketing e-mail, opened in a browser: the site
 * applies it and says so ("Updated Communication Settings!"), like the e-mail's own links.
 */
describe('one-click unsubscribe opened in Chromium (1366 and 390 px)', () => {
  const app = dashboardBrowserApp();
  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

  for (const [name, width] of [
    ['desktop', 1366],
    ['phone', 390],
  ] as const) {
    it(`shows the banner, cleans the address and turns e-mail off (${name})`, async () => {
      const links = await app.server.app.get(CommunicationLinks).unsubscribeLinks(LEE);
      const oneClick = new URL(links.oneClick);
      const page = await (await app.browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await page.goto(`${app.server.url}${oneClick.pathname}${oneClick.search}`);
      await toast(page, 'Updated Communication Settings!').filter({ hasText: 'Your communication settings have been updated.' }).waitFor();
      await expect.poll(() => new URL(page.url()).search).not.toContain('unsubscribe_email');
      const { account } = await loadAccount(app.server.runtime.store, LEE);
      expect(account.exists && account.consent.email).toBe(false);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/one-click-unsubscribe-${name}.png` });
      await page.close();
    });
  }

  it('a one-click address without a token is refused with a message', async () => {
    const res = await fetch(`${app.server.url}/api/account/unsubscribe/oneclick`);
    expect([res.status, await res.json()]).toEqual([400, { message: 'This link is not valid' }]);
  });
});
