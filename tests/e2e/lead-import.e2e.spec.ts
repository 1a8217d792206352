import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCsv } from '../../src/contract/csv';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD, settle } from '../support/dashboard-fixture';
import { waitForMails } from '../support/mail-outbox';

const SHOTS = process.env.SCREENSHOT_DIR;

/** Signs in through the API from inside the page's own origin. */
async function signInPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  const ok = await page.evaluate(
    async ([e, p]) => {
      const res = await fetch('/api/account/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Email: e, password: p }),
      });
      return ((await res.json()) as { isSuccess: boolean }).isSuccess;
    },
    [email, password] as const,
  );
  expect(ok).toBe(true);
}

const CSV = encodeCsv([
  ['Client', 'E-mail Address', 'Mobile', 'Labels', 'Favourite colour'],
  ['Ivy Import', 'ivy.import@example.com', '206-555-0101', 'Open house', 'green'],
  ['Oscar Olsen', 'oscar.olsen@example.com', '206-555-0102', '', 'blue'],
  ['Pia Park', 'pia.park@example.com', '206-555-0103', 'Farm; VIP', ''],
  ['Ivy Again', 'IVY.IMPORT@example.com', '206-555-0199', '', ''],
  ['Nora Nobody', 'no-at-sign', '206-555-0104', '', ''],
]);

describe('importing leads from a CSV in Chromium, and the imported person’s opt-in', () => {
  const app = dashboardBrowserApp();
  let agentContext: BrowserContext;

  beforeAll(async () => {
    const { browser } = app;
    agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });

  it('an agent maps the columns with a preview, imports, sees the result and the leads in the list; the page passes axe and fits 390 px', async () => {
    const { server } = app;
    const page = await agentContext.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /^Leads/ }).click();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import leads' }).waitFor();
    await page.getByLabel('CSV file').setInputFiles({ name: 'old-crm.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    // The guess maps e-mail, phone and tags; "Client" is not a name it knows: the page says what is missing.
    await page.getByText('old-crm.csv: 5 rows.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Map a column to Full name, or to First name and Last name' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import 5 rows' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Client/).selectOption('FullName');
    const preview = page.getByRole('table', { name: 'The first 5 rows as they will be imported' });
    await preview.waitFor();
    expect(await preview.getByRole('row').count()).toBe(6);
    await preview.getByRole('row').filter({ hasText: 'Pia Park' }).getByText('Farm, VIP').waitFor();
    await preview.getByRole('row').filter({ hasText: 'Nora Nobody' }).getByText('Please enter a valid email').waitFor();
    expect(await page.getByLabel(/^Favourite colour/).inputValue()).toBe('');
    await page.getByLabel(/Merge: fill the lead/).check();
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-mapping.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import 5 rows' }).click();
    const result = page.getByRole('status').filter({ hasText: 'imported' });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toBe('3 imported, 1 duplicate (1 merged), 1 rejected, of 5 rows.');
    const errors = page.getByRole('table', { name: 'Rejected rows' });
    expect(await errors.getByRole('row').filter({ hasText: '6' }).textContent()).toBe('6Please enter a valid email');
    const report = page.getByRole('link', { name: 'Download the report (CSV)' });
    const href = await report.getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv).toContain('5,merged,Merged into the existing lead');
    expect(csv).toContain('6,rejected,Please enter a valid email');
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-result.png`, fullPage: true });

    await settle(server);
    await page.getByRole('button', { name: 'Show my leads' }).click();
    for (const name of ['Ivy Import', 'Oscar Olsen', 'Pia Park']) await page.getByTestId('lead-row').filter({ hasText: name }).waitFor();
    await page.getByTestId('lead-row').filter({ hasText: 'Pia Park' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: 'Pia Park' }).waitFor();

    // The phone layout: the import page fits 390 px and is usable there.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard?view=import`);
    await page.getByLabel('CSV file').setInputFiles({ name: 'old-crm.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByLabel(/^Client/).selectOption('FullName');
    await page.getByRole('button', { name: 'Import 5 rows' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the Add lead dialog: the inquiry’s messages beside the inputs, Email already in use, then the new lead opens', async () => {
    const { server } = app;
    const page = await agentContext.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /^Leads/ }).click();
    await page.getByRole('button', { name: 'Add lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add lead' });
    await dialog.getByLabel('Full name').fill('Hal');
    await dialog.getByRole('button', { name: 'Add lead' }).click();
    // One word is the site's decision (the server's): its message comes back beside the name.
    await dialog.getByText('Please enter your full name').waitFor();
    expect(await dialog.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Full name').fill('Hal Hand');
    await dialog.getByLabel('Email').fill('ivy.import@example.com');
    await dialog.getByLabel('Phone').fill('206-555-0188');
    await dialog.getByRole('button', { name: 'Add lead' }).click();
    await dialog.getByText('Email already in use: this person is a lead of your office already').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/add-lead.png` });
    await dialog.getByLabel('Email').fill('hal.hand@example.com');
    await dialog.getByLabel('Tags').fill('Walk-in');
    await dialog.getByRole('button', { name: 'Add lead' }).click();
    await page.getByRole('heading', { name: 'Hal Hand' }).waitFor({ timeout: 15_000 });
  });

  it('the imported person, on their first sign-in, is asked the import opt-in; yes turns texts on', async () => {
    const { server, browser } = app;
    // Ivy has no password: she chooses one through the reset link, as an imported person would.
    const api = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await api.newPage();
    await page.goto(`${server.url}/search`);
    const asked = await page.evaluate(
      async () =>
        (
          await fetch('/api/account/forgotpassword', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ Email: 'ivy.import@example.com' }),
          })
        ).status,
    );
    expect(asked).toBe(200);
    const [mail] = await waitForMails(server.runtime.db.pool, 'ivy.import@example.com', 1);
    const token = decodeURIComponent(/forgotpassword\?token=(\S+)/.exec(mail!.text)![1]!);
    const reset = await page.evaluate(
      async (t) =>
        (
          await fetch('/api/account/resetpassword', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ token: t, password: 'ivy-imported-2026' }),
          })
        ).status,
      token,
    );
    expect(reset).toBe(200);
    await signInPage(page, 'ivy.import@example.com', 'ivy-imported-2026');
    await page.goto(`${server.url}/search`);
    const modal = page.getByRole('dialog', { name: 'Stay in touch by text?' });
    await modal.waitFor({ timeout: 15_000 });
    await modal.getByText('Your agent added you to this site.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Yes, text me' }).click();
    await page.getByText('Updated Communication Settings!').waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/account/me')).json());
    expect(me).toMatchObject({ user_IsImport: true, user_Import_OptedIn: true, user_UnsubscribeText: false });
    await api.close();
  });
});
