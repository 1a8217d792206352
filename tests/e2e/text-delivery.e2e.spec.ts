import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { seriousViolations } from '../support/axe';
import { launchBrowser, signedInContext } from '../support/browser';
import { janesLead, PASSWORD, startDashboardServer } from '../support/dashboard-fixture';
import { leadSignedInFrom, zoneAtHour } from '../support/lead-zone';
import { postTextStatus, TWILIO_FROM, TWILIO_SID, twilioStandIn } from '../support/twilio-stand-in';

const LIVE_MS = 15_000;
const PUBLIC_URL = 'https://porchlight.test';

describe("a text in Chromium: the lead's quiet hours asked about, then its delivery state live in the thread", () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let browser: Browser;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL));
    server = fixture.server;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await fixture?.stop();
    await twilio?.close();
  });

  it('asks "It is 23:… for Nina. Send anyway?", sends on the keyboard, then shows Queued, Sent and Not delivered with the reason; axe-clean, 390 px', async () => {
    const { leadId } = await janesLead(server, { FullName: 'Nina Night', Phone: '2065550191' });
    // 23:00 for Nina whenever this runs.
    await leadSignedInFrom(server, leadId, zoneAtHour(23));

    const page = await (await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD)).newPage();
    page.setDefaultTimeout(LIVE_MS);
    await page.goto(`${server.url}/dashboard?lead=${leadId}&chat=1`);
    const panel = page.getByRole('region', { name: 'Conversation' });
    await panel.getByRole('group', { name: 'Send as' }).getByRole('radio', { name: 'Text' }).check();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('Are you free to view Pine St tomorrow?');
    const sentBefore = twilio.received.length;
    await box.press('Enter');

    // Night for Nina: nothing is sent until the agent says so.
    const ask = page.getByRole('alertdialog');
    await ask.waitFor();
    expect(await ask.getByText(/^It is 23:\d\d for Nina Night\. Send anyway\?$/).count()).toBe(1);
    expect(twilio.received.length).toBe(sentBefore);
    expect(await seriousViolations(page)).toEqual([]);
    // Focus is on "Send anyway": Enter sends.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Send anyway');
    await page.keyboard.press('Enter');
    const item = panel.locator('[data-testid="thread-item"][data-channel="text"]').filter({ hasText: 'Pine St tomorrow' });
    await item.getByTestId('delivery-state').filter({ hasText: 'Queued' }).waitFor();
    expect(await ask.count()).toBe(0);
    const [sent] = await server.runtime.store.readStream(`sms-${leadId}`);
    const sid = (sent!.data as { providerId: string }).providerId;

    // Twilio reports, signed: sent, then undelivered (a landline); each shows live.
    const report = (status: string, extra: Record<string, string> = {}) =>
      postTextStatus(server.url, PUBLIC_URL, {
        AccountSid: TWILIO_SID,
        From: TWILIO_FROM,
        To: '+12065550191',
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ApiVersion: '2010-04-01',
        ...extra,
      });
    expect((await report('sent')).status).toBe(204);
    await item.getByTestId('delivery-state').filter({ hasText: 'Sent' }).waitFor();
    expect((await report('undelivered', { ErrorCode: '30006' })).status).toBe(204);
    await item.getByTestId('delivery-state').filter({ hasText: 'Not delivered' }).waitFor();
    expect(await item.getByTestId('delivery-error').textContent()).toBe('Not delivered: The number is a landline or cannot receive texts. (error 30006)');
    expect(await seriousViolations(page)).toEqual([]);

    // A phone: the state and its reason still read, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await item.getByTestId('delivery-error').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
