import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';
import { newLead, PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

/** The page's document, as the browser sees it (this file is type-checked without the DOM library). */
type Doc = { activeElement: { textContent: string | null } | null; documentElement: { scrollWidth: number } };

describe('the routing simulation screen in Chromium (issue 19 part 4)', () => {
  // A few leads of the demo office routed today, round robin between Jane and Alex.
  const app = dashboardBrowserApp(async (server) => {
    for (const name of ['Ada Simms', 'Ben Simms', 'Cleo Simms', 'Dan Simms']) {
      await newLead(server, 'demo.localhost', { FullName: name });
      await settle(server);
    }
  });

  it('from the routing settings, by keyboard: Alex off in the candidate, run, both tables, apply; axe clean; fits 390 px', async () => {
    const page = await (await signedInContext(app.browser, app.server.url, 'broker@demo.test', PASSWORD)).newPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/dashboard?view=team`);
    const open = page.getByRole('button', { name: 'Simulate routing rules' });
    await open.focus();
    await page.keyboard.press('Enter');
    const screen = page.getByRole('region', { name: 'Routing simulation' });
    await screen.getByRole('checkbox', { name: 'Alex Agent takes leads' }).waitFor();
    // The screen's heading has the focus: a keyboard user starts there.
    expect(await page.evaluate(() => (globalThis as unknown as { document: Doc }).document.activeElement?.textContent)).toBe('Routing simulation');
    expect(await seriousViolations(page)).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    await screen.getByLabel('From').fill(today);
    await screen.getByLabel('To').fill(today);
    await screen.getByRole('checkbox', { name: 'Alex Agent takes leads' }).focus();
    await page.keyboard.press('Space');
    expect(await screen.getByRole('checkbox', { name: 'Alex Agent takes leads' }).isChecked()).toBe(false);
    await screen.getByRole('button', { name: 'Run simulation' }).focus();
    await page.keyboard.press('Enter');

    const perAgent = screen.getByRole('table', { name: 'Leads per agent' });
    await perAgent.waitFor();
    await screen.getByText('The rules of their time reproduce every assignment.').waitFor();
    const alex = perAgent.getByRole('row', { name: /Alex Agent/ });
    const cells = await alex.getByRole('cell').allTextContents();
    expect(Number(cells[0])).toBeGreaterThan(0);
    expect(cells[1]).toBe('0');
    const changed = screen.getByRole('table', { name: 'Leads that would change' });
    await changed.waitFor();
    expect(await changed.getByRole('row').count()).toBe(Number(cells[0]) + 1);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => (globalThis as unknown as { document: Doc }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/routing-simulation.png`, fullPage: true });

    await screen.getByRole('button', { name: 'Apply these rules' }).focus();
    await page.keyboard.press('Enter');
    await screen
      .getByRole('status')
      .filter({ hasText: /Routing rules version \d+ applied/ })
      .waitFor();
    await screen.getByText(/Rules in force: version [1-9]/).waitFor();

    await screen.getByRole('button', { name: 'Close simulation' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { document: Doc }).document.activeElement?.textContent)).toBe('Simulate routing rules');
  });
});
