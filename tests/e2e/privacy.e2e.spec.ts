import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { castOf, PASSWORD, type Person, registerPerson } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';
import { waitForMail } from '../support/mail-outbox';

describe('privacy in Chromium: the export and erasure on /account and the back-office account page (issue 18)', () => {
  let cast: Awaited<ReturnType<typeof castOf>>;
  let lou: Person;
  let wren: Person;
  const app = browserApp({
    prepare: async (server) => {
      cast = await castOf(server);
      lou = await registerPerson(server, { email: 'lou.quail@demo.test', firstName: 'Lou', lastName: 'Quail', level: 5, siteId: cast.siteId });
      wren = await registerPerson(server, { email: 'wren.link@demo.test', firstName: 'Wren', lastName: 'Linkly', level: 5, siteId: cast.siteId });
    },
  });

  const signInAs = async (page: Page, person: Person, path: string) => {
    const res = await page
      .context()
      .request.post(`${app.server.url}/api/account/login`, { data: { Email: person.email, password: PASSWORD }, headers: { origin: app.server.url } });
    expect(((await res.json()) as { isSuccess: boolean }).isSuccess).toBe(true);
    await page.goto(`${app.server.url}${path}`);
  };

  it('a person downloads their data and erases their account from /account with their password, at 390 px', async () => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, cast.lead, '/account');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    const json = section.getByRole('link', { name: 'Download data (JSON)' });
    const exported = await page.context().request.get(`${app.server.url}${await json.getAttribute('href')}`);
    expect(exported.headers()['content-disposition']).toContain('attachment');
    expect(JSON.stringify(await exported.json())).toContain('lee.lead@demo.test');
    expect(await section.getByRole('link', { name: 'Readable summary' }).getAttribute('href')).toBe('/api/account/export?format=html');
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing without the confirmation, then a wrong password is said so; the right one erases.
    await section.getByLabel('Your password').fill('not-my-password');
    await section.getByRole('button', { name: 'Erase my account' }).click();
    await section.getByRole('alert').filter({ hasText: 'Please confirm that you want your account erased' }).waitFor();
    await section.getByLabel(/I want my account and personal data erased/).check();
    await section.getByRole('button', { name: 'Erase my account' }).click();
    await section.getByRole('alert').filter({ hasText: 'Your password is not correct' }).waitFor();
    await section.getByLabel('Your password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Erase my account' }).click();
    await page.getByRole('status').filter({ hasText: 'Your account was erased' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const me = await page.context().request.get(`${app.server.url}/api/account/me`);
    expect(me.status()).toBe(401);
    await page.close();
  });

  it('a person chooses the e-mailed confirmation link instead: the link opens a page whose button erases, at 390 px', async () => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, wren, '/account');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByLabel(/I want my account and personal data erased/).check();
    await section.getByRole('button', { name: 'E-mail me a confirmation link instead' }).click();
    await section.getByRole('status').filter({ hasText: 'We have e-mailed you a link to confirm' }).waitFor();
    const mail = await waitForMail(app.server.runtime.db.pool, wren.email, (m) => m.subject === 'Confirm erasing your account');
    const link = /https?:\/\/\S+(\/account\/erase\?token=\S+)/.exec(mail.text)![1]!;
    await page.goto(`${app.server.url}${link}`);
    const erase = page.getByRole('button', { name: 'Erase my account for good' });
    await erase.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Opening the page erased nothing.
    expect((await page.context().request.get(`${app.server.url}/api/account/me`)).status()).toBe(200);
    await erase.click();
    await page.getByRole('status').filter({ hasText: 'Your account was erased' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await page.context().request.get(`${app.server.url}/api/account/me`)).status()).toBe(401);
    await page.close();
  });

  it("staff download an account's data and erase it with a reason; the history keeps the events with [erased]", async () => {
    const page = await app.browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signInAs(page, cast.staff, `/dashboard/backoffice?user=${lou.userId}`);
    const history = page.getByRole('table', { name: 'Account history' });
    await history.getByRole('cell', { name: 'UserRegistered' }).waitFor();
    const json = page.getByRole('link', { name: 'Download data (JSON)' });
    const exported = await page.context().request.get(`${app.server.url}${await json.getAttribute('href')}`);
    expect(JSON.stringify(await exported.json())).toContain('Quail');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Erase personal data…' }).click();
    const dialog = page.getByRole('dialog', { name: "Erase this person's personal data for good" });
    await dialog.getByLabel(/Reason/).fill('Asked by e-mail, ticket 42');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    // The erasure answers when it was done (not the events an account action records): the dialog says it is done and closes, no error in it.
    await page.getByRole('status').filter({ hasText: 'Personal data erased' }).or(dialog.getByRole('alert')).first().waitFor();
    expect(await dialog.getByRole('alert').allTextContents()).toEqual([]);
    expect(await dialog.count()).toBe(0);
    await history.getByRole('cell', { name: /PersonErased/ }).waitFor();
    expect(await history.getByRole('cell', { name: 'UserRegistered' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    const after = await page.context().request.get(`${app.server.url}/api/backoffice/accounts/${lou.userId}/export`);
    expect(JSON.stringify(await after.json())).not.toContain('Quail');
    await page.close();
  });
});
