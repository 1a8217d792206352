import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { janesLead, signIn } from '../support/dashboard-fixture';
import { waitForMail } from '../support/mail-outbox';
import { holdLeadEmails } from '../support/held-back-email';
import { mailgunEnv, mailgunEvent, type MailgunSample, mailgunSample } from '../support/mailgun-stand-in';
import { signInPage } from '../support/sign-in-page';
import { waitUntil } from '../support/wait-until';

const LIVE_MS = 15_000;

describe("a CRM e-mail's delivery in Chromium at 390 px: Sent, Delivered, then Bounced with why, live from Mailgun's signed reports", () => {
  const app = dashboardBrowserApp(undefined, mailgunEnv);

  it('shows each state on the thread as the relay reports it; axe-clean; nothing wider than the phone', async () => {
    const { server, browser } = app;
    const { leadId, email } = await janesLead(server, { FullName: 'Bea Bounce' });
    const agent = await signIn(server, 'agent@demo.test', 'jane.localhost');
    const sent = await agent.post(`/api/dashboard/leads/${leadId}/emails`, { subject: 'Homes near the lake', body: 'Three new ones this week.' });
    expect(sent.status, sent.text).toBe(201);
    const mail = await waitForMail(server.runtime.db.pool, email, (m) => m.subject === 'Homes near the lake');
    const report = async (kind: MailgunSample) => {
      const res = await fetch(`${server.url}/api/messaging/email/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mailgunEvent(mailgunSample(kind, email, mail.headers['Message-ID']!))),
      });
      expect(res.status).toBe(204);
    };

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(LIVE_MS);
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?lead=${leadId}&chat=1`);
    const panel = page.getByRole('region', { name: 'Conversation' });
    const item = panel.locator('[data-testid="thread-item"][data-channel="email"]').filter({ hasText: 'Homes near the lake' });
    await item.getByTestId('delivery-state').filter({ hasText: 'Sent' }).waitFor();

    await report('delivered');
    await item.getByTestId('delivery-state').filter({ hasText: 'Delivered' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await report('failed-permanent');
    await item.getByTestId('delivery-state').filter({ hasText: 'Bounced' }).waitFor();
    expect(await item.getByTestId('delivery-error').textContent()).toBe('Bounced: mailbox does not exist (code 550). No more e-mail goes to this address.');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  });

  // Last: it stops the server's e-mail sender for the rest of the file.
  it('an e-mail held back at sending because its address bounced meanwhile turns from Sent to Not sent, with why, live; axe-clean at 390 px', async () => {
    const { server, browser } = app;
    const { leadId, email } = await janesLead(server, { FullName: 'Hal Held' });
    const held = await holdLeadEmails(server);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(LIVE_MS);
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?lead=${leadId}&chat=1`);
    const panel = page.getByRole('region', { name: 'Conversation' });

    const agent = await signIn(server, 'agent@demo.test', 'jane.localhost');
    const sent = await agent.post(`/api/dashboard/leads/${leadId}/emails`, { subject: 'Before the bounce', body: 'Two open houses on Sunday.' });
    expect(sent.status, sent.text).toBe(201);
    const item = panel.locator('[data-testid="thread-item"][data-channel="email"]').filter({ hasText: 'Before the bounce' });
    await item.getByTestId('delivery-state').filter({ hasText: 'Sent' }).waitFor();
    await held.bounce(email);
    await waitUntil(
      'the bounce is on the address',
      async () => (await agent.post(`/api/dashboard/leads/${leadId}/emails/preview`, { subject: 'x', body: 'y' })).body.canSend === false,
    );
    await held.sendWaiting();

    await item.getByTestId('delivery-state').filter({ hasText: 'Not sent' }).waitFor();
    expect(await item.getByTestId('delivery-error').textContent()).toMatch(/^Not sent: [^ ]+@… bounced on .*: mailbox does not exist$/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
  });
});
