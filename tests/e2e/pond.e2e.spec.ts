import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';
import { newLead, PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;
const LIVE_MS = 15_000;

/** A page signed in as this person (through the sign-in API). */
async function signedInPage(browser: Browser, server: Started, email: string): Promise<Page> {
  const page = await (await signedInContext(browser, server.url, email, PASSWORD)).newPage();
  page.setDefaultTimeout(LIVE_MS);
  return page;
}

describe('the office pond in Chromium: the broker turns it on, two agents see a pond lead, the first to claim gets it', () => {
  const app = dashboardBrowserApp();

  it('routing settings panel (axe clean), a pond lead live for Jane and Alex, Jane claims it and it disappears for Alex at once', async () => {
    // The broker: the Team view's routing panel, keyboard and labels only.
    const broker = await signedInPage(app.browser, app.server, 'broker@demo.test');
    await broker.goto(`${app.server.url}/dashboard?view=team`);
    const panel = broker.getByRole('region', { name: 'Lead routing' });
    await panel.getByRole('button', { name: 'Save routing' }).waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    await panel.getByRole('checkbox', { name: /Lead pond/ }).check();
    const minutes = panel.getByLabel('Claim window (minutes)');
    await minutes.fill('1441');
    await panel.getByRole('button', { name: 'Save routing' }).click();
    await panel.getByRole('alert').filter({ hasText: 'The claim window is a whole number of minutes from 0 to 1440' }).waitFor();
    await minutes.fill('0');
    await panel.getByRole('checkbox', { name: /Copy me on new leads/ }).check();
    await panel.getByRole('button', { name: 'Save routing' }).press('Enter');
    await panel.getByRole('status').filter({ hasText: 'Routing settings saved' }).waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    if (SHOTS) await broker.screenshot({ path: `${SHOTS}/routing-settings.png` });
    await settle(app.server);

    // Two agents on their dashboards, live.
    const [jane, alex] = await Promise.all(['agent@demo.test', 'agent2@demo.test'].map((e) => signedInPage(app.browser, app.server, e)));
    for (const page of [jane, alex]) {
      await page.goto(`${app.server.url}/dashboard`);
      await page.getByText('Live', { exact: true }).waitFor();
      await page.getByRole('region', { name: /^Pond/ }).getByText('The pond is empty.', { exact: false }).waitFor();
    }

    // A visitor's inquiry on the office site goes straight to the pond: both agents see it at once.
    await newLead(app.server, 'demo.localhost', { FullName: 'Pia Pond' });
    const claimJane = jane.getByRole('button', { name: 'Claim Pia Pond' });
    const claimAlex = alex.getByRole('button', { name: 'Claim Pia Pond' });
    await claimJane.waitFor({ timeout: LIVE_MS });
    await claimAlex.waitFor({ timeout: LIVE_MS });
    expect(await seriousViolations(alex)).toEqual([]);
    if (SHOTS) await alex.screenshot({ path: `${SHOTS}/pond-lead.png` });

    // Jane claims: it is hers and opens; it is gone from Alex's pond and list without a reload.
    await alex.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 7));
    await claimJane.click();
    await jane.getByRole('status').filter({ hasText: 'Pia Pond is yours now' }).waitFor();
    await jane.getByRole('heading', { name: 'Pia Pond' }).waitFor();
    await expect.poll(() => claimAlex.count(), { timeout: LIVE_MS }).toBe(0);
    await expect.poll(() => alex.getByTestId('lead-row').filter({ hasText: 'Pia Pond' }).count(), { timeout: LIVE_MS }).toBe(0);
    expect(await alex.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(7);
    if (SHOTS) await jane.screenshot({ path: `${SHOTS}/pond-claimed.png` });
  });
});
