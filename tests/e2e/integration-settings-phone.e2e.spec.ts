import { describe, expect, it } from 'vitest';
import { dashboardBrowserApp } from '../support/browser-app';
import { signInPage } from '../support/sign-in-page';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Every settings page shares the shell's gutter: the broker's own settings, the office's, and the integrations. */
const VIEWS = [
  ['settings', 'My settings'],
  ['team', 'Team'],
  ['pipeline', 'Pipeline'],
  ['templates', 'E-mail templates'],
  ['api', 'API'],
  ['webhooks', 'Webhooks'],
  ['lead-flow', 'Lead flow'],
  ['facebook', 'Facebook lead ads'],
] as const;

describe('the broker’s settings pages on a phone (My settings, team, pipeline, templates, API, webhooks, lead flow, Facebook lead ads)', () => {
  const app = dashboardBrowserApp();

  it('each view keeps a margin from the screen’s edges: its heading and panels do not touch them', async () => {
    const page = await (await app.browser.newContext(PHONE)).newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    for (const [view, title] of VIEWS) {
      await page.goto(`${app.server.url}/dashboard?view=${view}`);
      const heading = page.getByRole('heading', { name: title, level: 1 });
      await heading.waitFor();
      const box = (await heading.boundingBox())!;
      expect(box.x, `${view}: the heading's left edge`).toBeGreaterThanOrEqual(12);
      expect(box.x + box.width, `${view}: the heading's right edge`).toBeLessThanOrEqual(390 - 12);
      // The panels inside the view (a view whose own root is a section holds the heading: its gutter is the heading's).
      const panelsRight = await page.evaluate(
        `Math.max(0, ...[...document.querySelectorAll('main section')].filter((s) => !s.querySelector('h1')).map((s) => s.getBoundingClientRect().right))`,
      );
      expect(panelsRight as number, `${view}: the panels' right edge`).toBeLessThanOrEqual(390 - 12);
    }
    await page.context().close();
  });
});
