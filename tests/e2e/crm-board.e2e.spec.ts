import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { janesLead, PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

/** A board column by its stage (its heading also says how many leads it holds). */
const column = (page: Page, stage: string): Locator =>
  page.getByTestId('board-column').filter({ has: page.getByRole('heading', { name: new RegExp(`^${stage} \\d+`) }) });
const countOf = async (page: Page, stage: string) => Number(await column(page, stage).getByRole('heading').locator('span').last().textContent());
const cardIn = (page: Page, stage: string, name: string) => column(page, stage).getByTestId('board-card').filter({ hasText: name });

describe('the board in Chromium: drag a lead across, or move it from the keyboard; live for everyone who sees it', () => {
  const app = dashboardBrowserApp();
  let jane: BrowserContext;
  let broker: BrowserContext;

  beforeAll(async () => {
    const { server, browser } = app;
    jane = await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD);
    broker = await signedInContext(browser, server.url, 'broker@demo.test', PASSWORD);
    await janesLead(server, { FullName: 'Dora Drag' });
  });

  it('a drag from New to Active and a keyboard move to Nurture: saved, said aloud, counted, and seen live on the broker’s board', async () => {
    const { server } = app;
    const page = await jane.newPage();
    await page.goto(`${server.url}/dashboard?view=board`);
    await page.getByRole('heading', { name: 'Board', level: 1 }).waitFor();
    const watcher = await broker.newPage();
    await watcher.goto(`${server.url}/dashboard?view=board`);
    await cardIn(watcher, 'New', 'Dora Drag').waitFor();
    // Both sockets up before anything moves.
    await page.getByText('Live', { exact: true }).waitFor();
    await watcher.getByText('Live', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [newBefore, activeBefore] = [await countOf(page, 'New'), await countOf(page, 'Active')];

    await cardIn(page, 'New', 'Dora Drag').dragTo(column(page, 'Active'));
    await cardIn(page, 'Active', 'Dora Drag').waitFor();
    await page.getByRole('status').filter({ hasText: 'Dora Drag moved to Active.' }).waitFor();
    expect(await countOf(page, 'New')).toBe(newBefore - 1);
    expect(await countOf(page, 'Active')).toBe(activeBefore + 1);
    await cardIn(watcher, 'Active', 'Dora Drag').waitFor({ timeout: 15_000 });
    await expect.poll(() => countOf(watcher, 'Active')).toBe(activeBefore + 1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/board-dragged.png` });

    // The keyboard way: Tab to the card's Move button, open it, arrow down to Nurture, Enter.
    const moveButton = cardIn(page, 'Active', 'Dora Drag').getByRole('button', { name: 'Move Dora Drag to another stage' });
    await moveButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('list', { name: 'Move Dora Drag to' });
    await menu.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (let i = 0; i < 8; i++) {
      if ((await page.evaluate('document.activeElement?.textContent')) === 'Nurture') break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await cardIn(page, 'Nurture', 'Dora Drag').waitFor();
    await page.getByRole('status').filter({ hasText: 'Dora Drag moved to Nurture.' }).waitFor();
    // Focus went with the card to its new column.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Dora Drag');
    await cardIn(watcher, 'Nurture', 'Dora Drag').waitFor({ timeout: 15_000 });

    // The server has it, and the timeline says so.
    await settle(server);
    const lead = await page.evaluate(async () => {
      const list = (await (await fetch('/api/dashboard/leads?perpage=200')).json()) as { leads: { leadId: string; fullName: string }[] };
      const id = list.leads.find((l) => l.fullName === 'Dora Drag')!.leadId;
      return (await (await fetch(`/api/dashboard/leads/${id}`)).json()) as { lead: { stage: string }; timeline: { summary: string }[] };
    });
    expect(lead.lead.stage).toBe('Nurture');
    expect(lead.timeline.map((t) => t.summary)).toEqual(expect.arrayContaining(['Moved from New to Active', 'Moved from Active to Nurture']));

    // Escape closes the menu and gives the focus back to its button.
    await cardIn(page, 'Nurture', 'Dora Drag').getByRole('button', { name: 'Move Dora Drag to another stage' }).click();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('list', { name: 'Move Dora Drag to' }).count()).toBe(0);
  });

  it('on a phone (390 px) the board scrolls sideways; the lead details set stage and tags', async () => {
    const { server } = app;
    const page = await jane.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard?view=board`);
    await cardIn(page, 'Nurture', 'Dora Drag').waitFor();
    const row = page.getByTestId('board-column').first().locator('..');
    const sizes = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, body: el.ownerDocument.documentElement.scrollWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.body).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/board-phone.png` });

    await page.setViewportSize({ width: 1280, height: 900 });
    await cardIn(page, 'Nurture', 'Dora Drag').getByRole('button', { name: 'Dora Drag', exact: true }).click();
    await page.getByRole('heading', { name: 'Dora Drag' }).waitFor();
    // The details pane's select (the list's filter panel has a Stage filter too, folded away).
    await page.getByLabel('Stage', { exact: true }).filter({ visible: true }).selectOption('Appointment set');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Moved to Appointment set.' }).waitFor();
    await page.getByLabel('New tag').fill('Pre-approved');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Remove Pre-approved' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the broker’s Pipeline panel renames a stage (its leads follow) and refuses to drop one with leads without a destination', async () => {
    const { server } = app;
    const page = await broker.newPage();
    await page.goto(`${server.url}/dashboard?view=pipeline`);
    await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
    await page.getByTestId('pipeline-stage').first().waitFor();
    expect(await page.getByTestId('pipeline-stage').count()).toBe(8);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Stage 5 name' }).fill('Showing booked');
    await page.getByRole('button', { name: 'Move Nurture up' }).click();
    await page.getByRole('button', { name: 'Save pipeline' }).click();
    await page.getByRole('status').filter({ hasText: 'Pipeline saved.' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Stage 3 name' }).inputValue()).toBe('Nurture');

    // Dora is in the renamed stage: it follows, and her agent's board shows the new column.
    const board = await jane.newPage();
    await board.goto(`${server.url}/dashboard?view=board`);
    await cardIn(board, 'Showing booked', 'Dora Drag').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Remove Showing booked' }).click();
    await page.getByRole('button', { name: 'Save pipeline' }).click();
    await page.getByRole('alert').filter({ hasText: 'lead is in "Showing booked": choose a stage to move it to before removing it' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/Leads in Showing booked \(1 now\) go to/).selectOption('Active');
    await page.getByRole('button', { name: 'Save pipeline' }).click();
    await page.getByRole('status').filter({ hasText: 'Pipeline saved.' }).waitFor();
    await cardIn(board, 'Active', 'Dora Drag').waitFor({ timeout: 15_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pipeline-panel.png` });
  });
});
