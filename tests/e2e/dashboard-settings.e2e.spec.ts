import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signIn } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('the dashboard nav in five groups, and My settings (reply notices) in Chromium', () => {
  const app = dashboardBrowserApp();

  it('at 1440 px every group is on the bar; by keyboard, Settings → My settings, the reply notices chosen and saved; Work → Tasks; axe-clean', async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of [/^Leads/, /^Work/, /^Listings/, /^Reports/, /^Settings/]) await nav.getByRole('button', { name }).waitFor();
    expect(await nav.getByRole('button', { name: /more/ }).count()).toBe(0);

    // Two steps: the group's button (Enter opens it and goes to its first entry), then the entry.
    await nav.getByRole('button', { name: 'Settings', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('My settings');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'My settings', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=settings');

    const replies = page.getByRole('region', { name: 'Lead replies' });
    const email = replies.getByRole('radio', { name: 'By e-mail', exact: true });
    await email.waitFor();
    expect(await email.isChecked()).toBe(true);
    await email.focus();
    await page.keyboard.press('ArrowDown'); // by text
    await page.keyboard.press('ArrowDown'); // by e-mail and text
    expect(await replies.getByRole('radio', { name: 'By e-mail and text' }).isChecked()).toBe(true);
    // Jane has no cell phone for texts yet: the setting says why, and where to add one.
    await replies.getByText('Texts need a cell phone number and texts allowed in My account').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await replies.getByRole('button', { name: 'Save' }).click();
    await replies.getByText('Saved: by e-mail and text.').waitFor();
    const jane = await signIn(server, 'agent@demo.test');
    expect((await jane.get('/api/dashboard/me/reply-notices')).body).toMatchObject({ notifyBy: 'both', chosen: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-settings.png` });

    // Work → Tasks with the arrow keys; Escape closes a group back to its button.
    await nav.getByRole('button', { name: 'Work', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-expanded")')).toBe('false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Tasks');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await context.close();
  });

  it('at 390 px the groups fit (or go to "more" listed by name): the calendar and My settings two taps away; the settings fit; axe-clean', async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    /** The group's entry in at most two taps: the group's button if on the bar, else "more". */
    const open = async (group: string, entry: string) => {
      const button = nav.getByRole('button', { name: group, exact: true });
      if (await button.count()) await button.click();
      else await nav.getByRole('button', { name: /more/ }).click();
      await nav.getByRole('button', { name: entry, exact: true }).click();
    };
    await open('Work', 'Calendar');
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await open('Settings', 'My settings');
    await page.getByRole('heading', { name: 'My settings', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Lead replies' }).getByRole('radio', { name: 'By e-mail and text' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-settings-phone.png`, fullPage: true });
    await context.close();
  });
});
