import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/starter-kit-${name}.png`, fullPage: true });
};

describe('starter plans and templates in Chromium', () => {
  const app = dashboardBrowserApp();

  it('at 390 px and by keyboard: a broker copies a starter plan once (a double click too), then edits the copy; starter templates are there in the templates view', async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard?view=plans`);
    await page.getByRole('heading', { name: 'Action plans', level: 1 }).waitFor();
    // An office without copies meets the starters open, beside the empty list.
    const starters = page.getByRole('group', { name: /Starter plans/ });
    const copy = starters.getByRole('button', { name: 'Copy to my office New buyer lead' });
    await copy.waitFor();
    await page.getByText('No plans yet. Write the first one with the editor.').waitFor();
    await starters.getByRole('list', { name: 'Steps of New buyer lead' }).getByText('E-mail "Buyer: welcome"').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(page, 'plans-390');

    await copy.dblclick();
    await page.getByText('“New buyer lead” is now one of your office plans; edit it like any plan.').waitFor();
    await starters.getByText('In your office').waitFor();
    // The copy is listed once among the office's plans, and opens in the editor like any plan.
    const edit = page.getByRole('button', { name: 'Edit New buyer lead' });
    await edit.waitFor();
    expect(await edit.count()).toBe(1);
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Edit plan' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Our buyer plan');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('Plan “Our buyer plan” saved.').waitFor();

    // The templates the plan sends came along; the other starters are one keyboard press away.
    await page.goto(`${server.url}/dashboard?view=templates`);
    await page.getByRole('heading', { name: 'E-mail templates', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Buyer: welcome', level: 3 }).first().waitFor();
    const kit = page.getByRole('group', { name: /Starter templates/ });
    const summary = kit.locator(':scope > summary');
    if ((await kit.getAttribute('open')) === null) {
      await summary.focus();
      await page.keyboard.press('Enter');
    }
    await kit.getByText('In your office').first().waitFor();
    // Each starter template can be read in full before it is copied.
    await kit.getByText('Read the message of Open house: thank you').click();
    await kit.getByText('Thank you for visiting the open house at {listing_address}.', { exact: false }).waitFor();
    const nurture = kit.getByRole('button', { name: 'Copy to my office Nurture: market update' });
    await nurture.focus();
    await page.keyboard.press('Enter');
    await page.getByText('“Nurture: market update” is now one of your office templates; edit it like any template.').waitFor();
    await page.getByRole('heading', { name: 'Nurture: market update', level: 3 }).nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'templates-390');
    await context.close();
  });

  it('shows an agent the starters without a copy button', async () => {
    const { server, browser } = app;
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?view=plans`);
    const starters = page.getByRole('group', { name: /Starter plans/ });
    await starters.locator('summary').click();
    await starters.getByText('Your broker can copy these into the office.').waitFor();
    await starters.getByRole('heading', { name: 'Long-term nurture' }).waitFor();
    expect(await starters.getByRole('button').count()).toBe(0);
    await page.close();
  });
});
