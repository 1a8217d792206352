import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';

/** Where screenshots go for a person to look at (outside the repository). */
const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/backoffice-${name}.png`, fullPage: true });
};

describe('the back-office in Chromium (issue 7)', () => {
  let cast: Awaited<ReturnType<typeof castOf>>;
  const app = browserApp({
    prepare: async (server) => {
      cast = await castOf(server);
    },
  });

  /** Signs the page's browser context in as staff through the API (the staff sign-in page is another issue's). */
  const signInAsStaff = async (page: Page) => {
    const res = await page.context().request.post(`${app.server.url}/api/account/login`, {
      data: { Email: cast.staff.email, password: PASSWORD },
      headers: { origin: app.server.url },
    });
    expect(((await res.json()) as { isSuccess: boolean }).isSuccess).toBe(true);
    await page.goto(`${app.server.url}/dashboard/backoffice`);
  };

  it('staff find a member, open the history, start a rebuild and see the progress bar reach 100%', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1360, height: 900 } });
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await signInAsStaff(page);

    // Find the member with the keyboard.
    const box = page.getByRole('searchbox', { name: 'Name, e-mail or phone' });
    await box.fill('lee');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lee');
    const row = page.getByRole('link', { name: 'Lee Lead' });
    await row.waitFor();
    // The table settles on the search's answer (a row can be there before the last one left).
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: /Members found/ })
          .getByRole('row')
          .count(),
      )
      .toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'members');

    // Open the account: its history from the event store, newest first.
    await row.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe(cast.lead.userId);
    const history = page.getByRole('table', { name: 'Account history' });
    await history.getByRole('cell', { name: 'UserRegistered' }).waitFor();
    expect(await history.getByRole('cell', { name: 'PasswordSet' }).count()).toBe(1);
    await history.getByRole('row').filter({ hasText: 'PasswordSet' }).getByRole('button', { name: 'Data' }).click();
    await expect.poll(() => page.getByText('"passwordHash": "[redacted]"').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'history');

    // An action with its reason shows up in the history, live.
    await page.getByRole('button', { name: 'Add note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a note' });
    await dialog.getByLabel('Note').fill('Asked for a call back on Tuesday');
    await dialog.getByLabel(/Reason/).fill('Support call');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await history.getByRole('cell', { name: /AccountNoteAdded/ }).waitFor();
    expect(await history.getByText('“Support call”').count()).toBe(1);

    // An invoice issued from its dialog, then paid in part from the Record tab.
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue an invoice' });
    await issue.getByLabel('Description').fill('Lead plan, June');
    await issue.getByLabel('Amount (USD)').fill('49.90');
    await issue.getByLabel('Due on').fill('2030-07-01');
    await issue.getByLabel(/Reason/).fill('Monthly billing');
    await issue.getByRole('button', { name: 'Issue invoice' }).click();
    await history.getByRole('cell', { name: /InvoiceIssued/ }).waitFor();
    await page.getByRole('tab', { name: 'Record' }).click();
    const invoices = page.getByRole('row').filter({ hasText: 'INV-0001' });
    await invoices.getByRole('cell', { name: '$49.90' }).first().waitFor();
    await invoices.getByRole('button', { name: 'Payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record a payment (INV-0001)' });
    await pay.getByLabel('Amount (USD)').fill('20');
    await pay.getByLabel(/Reason/).fill('Paid by phone');
    await pay.getByRole('button', { name: 'Payment' }).click();
    await invoices.getByRole('cell', { name: '$29.90' }).waitFor();
    await shot(page, 'record');

    // The projections panel: rebuild members and watch it reach 100 %.
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Projections' }).click();
    await page.getByRole('button', { name: 'Rebuild members' }).click();
    await shot(page, 'rebuild-confirm');
    await page.getByRole('dialog', { name: 'Rebuild members?' }).getByRole('button', { name: 'Start the rebuild' }).click();
    const bar = page.getByRole('progressbar', { name: 'Rebuild of members' });
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toBe('100% (done)');
    // The member search, the account and the projections each listened, on the page's one socket.
    expect(sockets.filter((u) => u.includes('/socket.io/'))).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'projections');
    await page.close();
  });

  it('staff become a user with a reason; a banner shows all along and End brings them back', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signInAsStaff(page);
    await page.goto(`${app.server.url}/dashboard/backoffice?user=${cast.agent.userId}`);
    await page.getByRole('button', { name: 'Become this user…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Become Jane Agent' });
    await dialog.getByRole('button', { name: 'Become this user' }).click();
    await dialog.getByText('Please give a reason for acting as this user').waitFor();
    await dialog.getByLabel(/Reason/).fill('Ticket 512: dashboard looks empty');
    await dialog.getByRole('button', { name: 'Become this user' }).click();

    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/You are acting as Jane Agent \(jane@demo\.test\)/);
    await shot(page, 'impersonating');
    // The banner stays on every page of the session.
    await page.goto(`${app.server.url}/organizer`);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'End' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/dashboard/backoffice?user=${cast.agent.userId}`);
    await page.getByRole('heading', { name: 'Jane Agent' }).waitFor();
    expect(await page.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
    await page.getByRole('table', { name: 'Account history' }).getByRole('cell', { name: 'ImpersonationEnded' }).waitFor();
    await page.close();
  });

  it('a level-25 click on a translatable label opens the editor in a new tab; the saved text is what visitors read', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await signInAsStaff(page);
    const label = page.getByRole('navigation', { name: 'Main' }).locator('[data-transid="header.saved"]');
    const [editor] = await Promise.all([context.waitForEvent('page'), label.click()]);
    await editor.waitForLoadState();
    const url = new URL(editor.url());
    expect(url.pathname).toBe('/dashboard/settings/advanced/translations/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ language: 'en', transid: 'header.saved', translang: 'es' });
    // The clicked label's field has the focus.
    const field = editor.getByRole('textbox', { name: 'header.saved in es' });
    await expect.poll(() => field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await field.fill('Guardados');
    await field.press('Enter');
    await editor.getByText('Saved “Guardados”').waitFor();
    await shot(editor, 'translations');

    const visitor = await app.browser.newPage();
    await visitor.goto(`${app.server.url}/dashboard/backoffice?lang=es`);
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guardados' }).waitFor();
    // Signed out, the back-office only offers to sign in.
    await visitor.getByRole('link', { name: 'sign in as staff' }).waitFor();
    expect(await visitor.getByRole('searchbox', { name: 'Name, e-mail or phone' }).count()).toBe(0);
    await visitor.close();
    await context.close();
  });
});
