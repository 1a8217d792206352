import { describe, expect, it } from 'vitest';
import { instantToZonedInput } from '../../src/contract/tasks';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signInPage } from '../support/sign-in-page';
import { newLead, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;
const ZONE = 'America/New_York';

describe('tasks and notes in Chromium: a task due in the past shows as overdue and is completed with one tap; a note is added and edited', () => {
  const app = dashboardBrowserApp();

  it('works on the lead’s page, then on the Tasks view at 390 px', async () => {
    const { leadId } = await newLead(app.server, 'jane.localhost', { FullName: 'Pia Phone' });
    await settle(app.server);
    // The browser's zone becomes the agent's on the first dashboard visit.
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${app.server.url}/dashboard?lead=${leadId}`);
    await page.getByRole('heading', { name: 'Pia Phone' }).waitFor();

    // A task due two days ago, typed on the agent's clock.
    const tasks = page.getByRole('region', { name: 'Tasks' });
    await tasks.getByText('No tasks for this lead yet.').waitFor();
    await tasks.getByLabel('New task').fill('Call Pia about financing');
    await tasks.getByLabel('Type').selectOption('call');
    await tasks.getByLabel(`Due (${ZONE})`).fill(instantToZonedInput(new Date(Date.now() - 2 * 24 * 3600_000), ZONE));
    await tasks.getByRole('button', { name: 'Add task' }).click();
    await tasks.getByText('Task added.').waitFor();
    await tasks.getByText('Call Pia about financing').waitFor();

    // A note, then an edit of it.
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByText('No notes yet.').waitFor();
    await notes.getByLabel('Add a note').fill('Prefers texts after 6pm');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Prefers texts after 6pm').waitFor();
    await notes.getByRole('button', { name: /^Edit/ }).click();
    await notes.getByLabel('Edit note').fill('Prefers texts after 7pm, never calls');
    await notes.getByRole('button', { name: 'Save' }).click();
    await notes.getByText('Prefers texts after 7pm, never calls').waitFor();
    await notes.getByText('edited', { exact: false }).waitFor();
    await page.getByText('Note added by Jane Agent').waitFor({ timeout: 15_000 });
    // The app.server has it (a reload shows the edited text).
    await page.reload();
    await page.getByRole('region', { name: 'Notes' }).getByText('Prefers texts after 7pm, never calls').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The Tasks view on a phone: overdue, then done with one tap.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/dashboard?view=tasks`);
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await page.getByText(`Times in ${ZONE}`).waitFor();
    const overdue = page.getByRole('region', { name: /^Overdue/ });
    const box = overdue.getByRole('checkbox', { name: 'Complete: Call Pia about financing' });
    await box.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tasks-phone.png`, fullPage: true });
    const size = await box.boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(24);
    // Nothing is wider than the phone.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await box.check();
    await expect.poll(() => overdue.getByRole('checkbox', { name: 'Done: Call Pia about financing' }).isChecked()).toBe(true);
    await settle(app.server);
    await page.reload();
    await page
      .getByRole('region', { name: /^Overdue/ })
      .getByText('Nothing overdue.')
      .waitFor();
    await context.close();
  });
});
