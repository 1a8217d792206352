import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('MLS agent ids on the Team view in Chromium: the agent asks, the broker confirms', () => {
  const app = dashboardBrowserApp();

  it("Jane's new id waits for her broker; Blair confirms it, and cannot give it to Alex too; by keyboard, at 390 px", async () => {
    const { server, browser } = app;
    const jane = await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD);
    const page = await jane.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard?view=team`);
    const own = page.getByLabel('Your MLS agent id');
    await own.waitFor();
    expect(await own.inputValue()).toBe(DEMO_AGENT_MLS_IDS.agent);
    await own.fill('JANE-NEW');
    await own.press('Enter');
    await page.getByText(`Waiting for your broker to confirm JANE-NEW (in force: ${DEMO_AGENT_MLS_IDS.agent}).`).waitFor();
    // After a reload the request is still shown as pending.
    await page.reload();
    await page.getByText(`Waiting for your broker to confirm JANE-NEW (in force: ${DEMO_AGENT_MLS_IDS.agent}).`).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mls-id-pending.png` });

    const blair = await signedInContext(browser, server.url, 'broker@demo.test', PASSWORD);
    const office = await blair.newPage();
    await office.setViewportSize({ width: 390, height: 844 });
    await office.goto(`${server.url}/dashboard?view=team`);
    const janes = office.getByLabel('MLS agent id of Jane Agent');
    await janes.waitFor();
    expect(await janes.inputValue()).toBe('JANE-NEW');
    await office.getByText(`Asks for JANE-NEW: confirm it to route its listings' leads (in force: ${DEMO_AGENT_MLS_IDS.agent}).`).waitFor();
    await janes.focus();
    await office.keyboard.press('Tab');
    await office.keyboard.press('Enter');
    await office.getByText('Saved: listings the feeds bring with this id route their leads here.').waitFor();
    // Alex cannot have the id Jane has: the 409's message, beside the field.
    const alexs = office.getByLabel('MLS agent id of Alex Agent');
    await alexs.fill('JANE-NEW');
    await alexs.press('Enter');
    await office.getByText('Another agent of your office already has this MLS id').waitFor();
    expect(await office.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(office)).toEqual([]);
    if (SHOTS) await office.screenshot({ path: `${SHOTS}/mls-id-confirm.png` });

    await page.reload();
    expect(await page.getByLabel('Your MLS agent id').inputValue()).toBe('JANE-NEW');
    await page.getByText('Listings from the MLS feeds with this ListAgentMlsId route their leads here.').waitFor();
    await jane.close();
    await blair.close();
  });
});
