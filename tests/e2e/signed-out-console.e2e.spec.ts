import { describe, expect, it } from 'vitest';
import { dashboardBrowserApp } from '../support/browser-app';

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * A visitor who is not signed in is a normal state: public pages ask who is signed in without
 * an error in the console or a 401 in the network (/api/account/session answers 200).
 */
describe('signed-out pages in Chromium: no 401, no console error', () => {
  const app = dashboardBrowserApp();

  for (const [name, width] of [
    ['desktop', 1366],
    ['phone', 390],
  ] as const) {
    it(`the search and the home page answer a signed-out visitor without errors (${name})`, async () => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      const refused: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('response', (r) => r.status() === 401 && refused.push(r.url()));
      for (const path of ['/', '/search']) {
        await page.goto(`${app.server.url}${path}`);
        await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
        await page.waitForLoadState('networkidle');
      }
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      const session = await page.request.get(`${app.server.url}/api/account/session`);
      expect([session.status(), await session.json()]).toEqual([200, { signedIn: false }]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/signed-out-${name}.png` });
      await page.close();
    });
  }
});
