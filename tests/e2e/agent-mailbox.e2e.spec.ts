import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, janesLead, signIn } from '../support/dashboard-fixture';
import { DovecotServer } from '../support/dovecot-server';
import { signInPage } from '../support/sign-in-page';
import { SmtpStandIn } from '../support/smtp-stand-in';

const SHOTS = process.env.SCREENSHOT_DIR;
const AGENT = 'jane.agent@mail.test';
const APP_PASSWORD = 'abcd efgh ijkl mnop';

describe('Settings › Connect your mailbox in Chromium: provider, a test before saving, status, sync now, disconnect', () => {
  const imap = new DovecotServer({ [AGENT]: APP_PASSWORD });
  const smtp = new SmtpStandIn({ auth: { user: AGENT, pass: APP_PASSWORD } });
  beforeAll(async () => {
    await imap.start();
    await smtp.start();
  });
  afterAll(async () => {
    await imap.remove();
    await smtp.stop();
  });
  const app = dashboardBrowserApp();
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  const settingsPage = async (options: Parameters<typeof app.browser.newContext>[0]) => {
    const context = await app.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, demoUser('agent').email);
    await page.goto(`${app.server.url}/dashboard?view=settings`);
    const section = page.getByRole('region', { name: 'Connect your mailbox' });
    await section.waitFor();
    return { context, page, section };
  };

  it(
    'at 1366 px by keyboard: Other IMAP, a refused password named, the test passing, connected, a lead’s e-mail synced into the thread, disconnected; axe-clean',
    { timeout: 180_000 },
    async () => {
      const lead = await janesLead(app.server);
      const { context, page, section } = await settingsPage({ viewport: { width: 1366, height: 900 } });
      const gmail = section.getByRole('radio', { name: 'Gmail' });
      await gmail.waitFor();
      expect(await gmail.isChecked()).toBe(true);
      await section.getByText('Use an app password (Google Account').waitFor();
      await gmail.focus();
      await page.keyboard.press('ArrowDown'); // Microsoft 365
      await page.keyboard.press('ArrowDown'); // Other IMAP
      expect(await section.getByRole('radio', { name: 'Other IMAP' }).isChecked()).toBe(true);

      await section.getByLabel('E-mail address').fill(AGENT);
      await section.getByLabel('Password').fill('wrong password');
      const imapFields = section.getByRole('group', { name: 'IMAP server' });
      const smtpFields = section.getByRole('group', { name: 'SMTP server' });
      await imapFields.getByLabel('Server', { exact: true }).fill('127.0.0.1');
      await imapFields.getByLabel('Port', { exact: true }).fill(String(imap.port));
      await imapFields.getByLabel('TLS from the start').uncheck();
      await smtpFields.getByLabel('Server', { exact: true }).fill('127.0.0.1');
      await smtpFields.getByLabel('Port', { exact: true }).fill(String(smtp.port));
      await smtpFields.getByLabel('TLS from the start').uncheck();
      expect(await seriousViolations(page)).toEqual([]);

      await section.getByRole('button', { name: 'Test connection' }).click();
      await section.getByRole('alert').getByText('The IMAP server 127.0.0.1 refused the user name or password').waitFor();
      await section.getByLabel('Password').fill(APP_PASSWORD);
      await section.getByRole('button', { name: 'Test connection' }).click();
      await section.getByRole('status').getByText('Signed in to 127.0.0.1 (IMAP) and 127.0.0.1 (SMTP)').waitFor();
      expect(await section.getByRole('alert').count()).toBe(0);

      // Enter in a field submits: Connect.
      await section.getByLabel('E-mail address').press('Enter');
      await section.getByText('Connected: read every minute').waitFor();
      await section.getByText(AGENT).waitFor();
      await section.getByText('Not yet').waitFor();
      expect(await section.getByLabel('Password').count()).toBe(0);
      expect(await page.content()).not.toContain(APP_PASSWORD);

      await imap.deliver(AGENT, 'INBOX', {
        from: lead.email,
        to: AGENT,
        subject: 'Seen from my phone',
        text: 'Is the yard fenced?',
        messageId: '<yard-1@lead.test>',
      });
      await section.getByRole('button', { name: 'Sync now' }).click();
      // The poller reads a mailbox just connected at once and may have taken it first: then Sync now finds nothing new (or it is still running).
      await section
        .getByRole('status')
        .getByText(
          /^(1 new message joined your leads’ conversations\.|Synced: nothing new with your leads\.|A sync of your mailbox is running; its result shows here when it ends)$/,
        )
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/mailbox-connected.png`, fullPage: true });
      await app.server.runtime.runner.waitForCatchUp();
      const jane = await signIn(app.server, demoUser('agent').email);
      const thread = await jane.get(`/api/dashboard/leads/${lead.leadId}/thread`);
      expect(
        thread.body.items.filter((i: { subject: string | null; direction: string }) => i.subject === 'Seen from my phone' && i.direction === 'in'),
      ).toHaveLength(1);

      // The lead page shows it in the conversation.
      await page.goto(`${app.server.url}/dashboard?lead=${lead.leadId}`);
      await page.getByRole('button', { name: /^Conversation/ }).click();
      await page.getByText('Is the yard fenced?').first().waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/mailbox-thread.png` });

      await page.goto(`${app.server.url}/dashboard?view=settings`);
      await section.getByRole('button', { name: 'Disconnect' }).click();
      await section.getByRole('radio', { name: 'Gmail' }).waitFor();
      expect((await jane.get('/api/dashboard/emailintegration')).body).toEqual({ connected: false });
      await context.close();
    },
  );

  it('at 390 px the form and the status fit the screen, and a stopped server is named', { timeout: 120_000 }, async () => {
    const { context, page, section } = await settingsPage(PHONE);
    await section.getByRole('radio', { name: 'Other IMAP' }).check();
    await section.getByLabel('E-mail address').fill(AGENT);
    await section.getByLabel('Password').fill(APP_PASSWORD);
    for (const [name, port] of [
      ['IMAP server', imap.port],
      ['SMTP server', smtp.port],
    ] as const) {
      const group = section.getByRole('group', { name });
      await group.getByLabel('Server', { exact: true }).fill('127.0.0.1');
      await group.getByLabel('Port', { exact: true }).fill(String(port));
      await group.getByLabel('TLS from the start').uncheck();
    }
    const fits = () => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
    expect(await fits()).toBe(true);
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    await section.getByText('Connected: read every minute').waitFor();
    expect(await fits()).toBe(true);

    await imap.stop();
    await section.getByRole('button', { name: 'Sync now' }).click();
    await section
      .getByRole('alert')
      .getByText(/^Could not reach the IMAP server 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/)
      .waitFor();
    await section.getByText('The last sync failed; it is tried again').waitFor();
    expect(await section.getByText('Synced: nothing new with your leads.').count()).toBe(0);
    expect(await fits()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mailbox-phone.png`, fullPage: true });
    await context.close();
  });
});
