import { describe, expect, it } from 'vitest';
import { dashboardBrowserApp } from '../support/browser-app';
import { janesLead } from '../support/dashboard-fixture';
import { outside } from '../support/phone-layout';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('every dashboard view at 390 px in Chromium: nothing wider than the phone, no control cut off', () => {
  const app = dashboardBrowserApp();

  const VIEWS = ['leads', 'tasks', 'calendar', 'board', 'team', 'listings', 'pipeline', 'reports', 'import', 'templates', 'settings', 'site', 'plans'];

  for (const who of ['agent', 'broker'] as const) {
    it(`${who}: each view and a lead's page`, async () => {
      const { leadId } = await janesLead(app.server, { FullName: 'Pat Phone' });
      const context = await app.browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${app.server.url}/search`);
      await signInPage(page, `${who}@demo.test`);
      const problems: Record<string, string[]> = {};
      const paths = [...VIEWS.map((v) => `/dashboard?view=${v}`), `/dashboard?lead=${leadId}`];
      for (const path of paths) {
        await page.goto(`${app.server.url}${path}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        const found = await outside(page);
        if (found.length) problems[path] = found;
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-${who}-${path.replace(/\W+/g, '_')}.png`, fullPage: true });
      }
      expect(problems).toEqual({});
      await context.close();
    });
  }

  it('Site settings: no part of its card (the card, its fieldsets, rows and fields) reaches either edge of the phone', async () => {
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${app.server.url}/dashboard?view=site`);
    await page.getByRole('region', { name: 'Site settings' }).getByRole('group').first().waitFor();
    await page.waitForLoadState('networkidle');
    // A string: the test files are compiled without the DOM's types (as in support/phone-layout.ts).
    const touching = (await page.evaluate(`(() => {
      const card = [...document.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Site settings');
      const found = [];
      for (const el of [card, ...card.querySelectorAll('*')]) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.left < 1 || box.right > window.innerWidth - 1)
          found.push(\`\${el.tagName.toLowerCase()}.\${el.className} "\${(el.textContent ?? '').trim().slice(0, 30)}" at \${Math.round(box.left)}..\${Math.round(box.right)}\`);
      }
      return found;
    })()`)) as string[];
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-site-settings.png`, fullPage: true });
    expect(touching).toEqual([]);
    await context.close();
  });

  it("the nav's five places on the bar, each group's list inside the window; the lead's Score, Conversation, Text and E-mail on one line", async () => {
    const { leadId } = await janesLead(app.server, { FullName: 'Hal Header' });
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${app.server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Leads', 'Work', 'Settings']) await nav.getByRole('button', { name: new RegExp(`^${name}`) }).waitFor();
    for (const name of ['Listings', 'Reports']) await nav.getByRole('button', { name, exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: /more/ }).count()).toBe(0);
    for (const group of ['Leads', 'Work', 'Settings']) {
      await nav.getByRole('button', { name: new RegExp(`^${group}`) }).click();
      expect(await outside(page), group).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-nav-${group}.png` });
      await page.keyboard.press('Escape');
    }
    // A new lead's count beside Leads is measured with it, and the five still fit.
    await janesLead(app.server, { FullName: 'Nia New' });
    await nav.getByRole('button').getByLabel('1 new').waitFor();
    expect(await outside(page)).toEqual([]);
    expect(await nav.getByRole('button', { name: /more/ }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-nav-new-lead.png` });

    await page.goto(`${app.server.url}/dashboard?lead=${leadId}`);
    const header = page.getByRole('article', { name: 'Hal Header' }).locator('header');
    const controls = [
      header.getByRole('button', { name: /score/i }),
      header.getByRole('button', { name: 'Conversation' }),
      header.getByRole('button', { name: 'Text', exact: true }),
      header.getByRole('button', { name: 'E-mail' }),
    ];
    const boxes = await Promise.all(controls.map(async (c) => (await c.waitFor(), (await c.boundingBox())!)));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-lead-header.png` });
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(new Set(boxes.map((b) => Math.round(b.y + b.height / 2))).size, JSON.stringify(boxes)).toBe(1);
    await context.close();
  });
});
