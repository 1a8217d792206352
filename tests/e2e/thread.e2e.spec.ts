import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { seriousViolations } from '../support/axe';
import { launchBrowser, signedInContext } from '../support/browser';
import { PASSWORD, startDashboardServer } from '../support/dashboard-fixture';
import { SecretKey } from '../../src/modules/accounts';
import { replyAddress } from '../../src/modules/conversation/send-lead-email/reply-address';
import { mailgunEnv, mailgunForm, REPLY_DOMAIN } from '../support/mailgun-stand-in';
import { postInboundText, twilioStandIn } from '../support/twilio-stand-in';
import { leadSignedInFrom, zoneAtHour } from '../support/lead-zone';

const SHOTS = process.env.SCREENSHOT_DIR;
const LIVE_MS = 15_000;
const PUBLIC_URL = 'https://porchlight.test';
const JANE_NUMBER = '+12065550001';

describe('one conversation in Chromium: a lead chats, the agent answers by text, the text and e-mail replies appear live', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let browser: Browser;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL, { TWILIO_SITE_NUMBERS: `jane=${JANE_NUMBER}`, ...mailgunEnv() }));
    server = fixture.server;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await fixture?.stop();
    await twilio?.close();
  });

  it('chat in, text out from the site’s number, the lead’s text reply live in the thread; axe clean; usable at 390 px', async () => {
    const port = new URL(server.url).port;
    // The lead: an inquiry on Jane's site, then a chat message from the launcher.
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    visitor.setDefaultTimeout(LIVE_MS);
    await visitor.goto(`http://jane.localhost:${port}/search`);
    const { leadId } = await visitor.evaluate(async () => {
      const res = await fetch('/api/account/inquiry', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          FullName: 'Tess Texter',
          Email: 'tess.texter@example.com',
          Phone: '2065550161',
          Message: 'Is Pine St still open?',
          LeadType: 'Buyer',
        }),
      });
      return (await res.json()) as { leadId: string };
    });
    // Midday for Tess whenever this runs: the text needs no quiet-hours confirmation (text-delivery.e2e covers that).
    await leadSignedInFrom(server, leadId, zoneAtHour(12));
    await visitor.reload();
    await visitor.getByRole('button', { name: /Chat with Jane/ }).click();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Can I see it on Saturday?');
    await visitor.getByRole('textbox', { name: 'Message' }).press('Enter');

    // The agent opens the lead's conversation: the chat is there, with its channel.
    const agent: Page = await (await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD)).newPage();
    agent.setDefaultTimeout(LIVE_MS);
    await agent.goto(`${server.url}/dashboard?lead=${leadId}&chat=1`);
    const panel = agent.getByRole('region', { name: 'Conversation' });
    await panel.getByTestId('thread-item').filter({ hasText: 'Can I see it on Saturday?' }).waitFor();
    expect(await panel.getByTestId('thread-item').first().getAttribute('data-channel')).toBe('chat');
    await agent.getByText('Live', { exact: true }).waitFor();
    expect(await seriousViolations(agent)).toEqual([]);

    // The agent answers by text, from the keyboard: the channel picker, then the message.
    const picker = panel.getByRole('group', { name: 'Send as' });
    await picker.getByRole('radio', { name: 'Text' }).check();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('Saturday 10am works. See you at Pine St!');
    await box.press('Enter');
    await panel.locator('[data-testid="thread-item"][data-channel="text"]').filter({ hasText: 'Saturday 10am works' }).waitFor();
    await expect.poll(() => twilio.received.some((r) => r.form.get('To') === '+12065550161' && r.form.get('From') === JANE_NUMBER)).toBe(true);
    // E-mail is open to this lead too (an address, and e-mail consent in the ledger).
    expect(await picker.getByRole('radio', { name: /E-mail/ }).isEnabled()).toBe(true);

    // The lead texts back: Twilio posts to the signed webhook, and it appears in the open thread without reload.
    await agent.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 7));
    const res = await postInboundText(server.url, PUBLIC_URL, {
      From: '+12065550161',
      To: JANE_NUMBER,
      Body: 'Yes saturday works',
      MessageSid: 'SMe2e0000000001',
    });
    expect(res.status).toBe(200);
    const reply = panel.locator('[data-testid="thread-item"][data-channel="text"]').filter({ hasText: 'Yes saturday works' });
    await reply.waitFor();
    expect(await reply.textContent()).toContain('from Tess Texter');
    expect(await agent.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(7);

    // The lead answers an e-mail too: Mailgun posts the reply (to the thread's reply address) to the signed webhook, and it appears live.
    const secret = await server.app.get(SecretKey).get();
    const mail = await fetch(`${server.url}/api/inbound/email`, {
      method: 'POST',
      body: mailgunForm({
        recipient: replyAddress(secret, leadId, REPLY_DOMAIN),
        sender: 'tess.texter@example.com',
        subject: 'Re: Pine St',
        'body-plain': 'And could my partner come along?\n\nOn Mon, Jane wrote:\n> Saturday 10am works.',
      }),
    });
    expect(mail.status, await mail.text()).toBe(200);
    const emailed = panel.locator('[data-testid="thread-item"][data-channel="email"]').filter({ hasText: 'And could my partner come along?' });
    await emailed.waitFor();
    // Only the new words: the quoted history is trimmed.
    expect(await emailed.textContent()).not.toContain('Saturday 10am works.');
    expect(await agent.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(7);
    const order = await panel.getByTestId('thread-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-channel')));
    expect(order).toEqual(['chat', 'text', 'text', 'email']);
    expect(await seriousViolations(agent)).toEqual([]);
    if (SHOTS) await agent.screenshot({ path: `${SHOTS}/thread-desktop.png` });

    // A phone: the conversation still reads and answers.
    await agent.setViewportSize({ width: 390, height: 844 });
    await reply.waitFor();
    await box.waitFor();
    const boxSize = await box.boundingBox();
    expect(boxSize!.x + boxSize!.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(agent)).toEqual([]);
    if (SHOTS) await agent.screenshot({ path: `${SHOTS}/thread-phone.png` });
  });
});
