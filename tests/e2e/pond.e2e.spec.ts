import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';
import { newLead, PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;
const LIVE_MS = 15_000;

/** A page signed in as this person (through the sign-in API). */
async function signedInPage(browser: Browser, server: Started, email: string): Promise<Page> {
  const page = await (await signedInContext(browser, server.url, email, PASSWORD)).newPage();
  page.setDefaultTimeout(LIVE_MS);
  return page;
}

describe('the office pond in Chromium: the broker turns it on, two agents see a pond lead, the first to claim gets it', () => {
  const app = dashboardBrowserApp();

  it('routing settings panel (axe clean), a pond lead live for Jane and Alex, Jane claims it and it disappears for Alex at once', async () => {
    // The broker: the Team view's routing panel, keyboard and labels only.
    const broker = await signedInPage(app.browser, app.server, 'broker@demo.test');
    await broker.goto(`${app.server.url}/dashboard?view=team`);
    const panel = broker.getByRole('region', { name: 'Lead routing' });
    await panel.getByRole('button', { name: 'Save routing' }).waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    await panel.getByRole('checkbox', { name: /Lead pond/ }).check();
    const minutes = panel.getByLabel('Claim window (minutes)');
    await minutes.fill('1441');
    await panel.getByRole('button', { name: 'Save routing' }).click();
    await panel.getByRole('alert').filter({ hasText: 'The claim window is a whole number of minutes from 0 to 1440' }).waitFor();
    await minutes.fill('0');
    await panel.getByRole('checkbox', { name: /Copy me on new leads/ }).check();
    await panel.getByRole('button', { name: 'Save routing' }).press('Enter');
    await panel.getByRole('status').filter({ hasText: 'Routing settings saved' }).waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    if (SHOTS) await broker.screenshot({ path: `${SHOTS}/routing-settings.png` });
    await settle(app.server);

    // Two agents on their dashboards, live.
    const [jane, alex] = await Promise.all(['agent@demo.test', 'agent2@demo.test'].map((e) => signedInPage(app.browser, app.server, e)));
    for (const page of [jane, alex]) {
      await page.goto(`${app.server.url}/dashboard`);
      await page.getByText('Live', { exact: true }).waitFor();
      await page.getByRole('region', { name: /^Pond/ }).getByText('The pond is empty.', { exact: false }).waitFor();
    }

    // A visitor's inquiry on the office site goes straight to the pond: both agents see it at once.
    await newLead(app.server, 'demo.localhost', { FullName: 'Pia Pond' });
    const claimJane = jane.getByRole('button', { name: 'Claim Pia Pond' });
    const claimAlex = alex.getByRole('button', { name: 'Claim Pia Pond' });
    await claimJane.waitFor({ timeout: LIVE_MS });
    await claimAlex.waitFor({ timeout: LIVE_MS });
    expect(await seriousViolations(alex)).toEqual([]);
    if (SHOTS) await alex.screenshot({ path: `${SHOTS}/pond-lead.png` });

    // Jane claims: it is hers and opens; it is gone from Alex's pond and list without a reload.
    await alex.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 7));
    await claimJane.click();
    await jane.getByRole('status').filter({ hasText: 'Pia Pond is yours now' }).waitFor();
    await jane.getByRole('heading', { name: 'Pia Pond' }).waitFor();
    await expect.poll(() => claimAlex.count(), { timeout: LIVE_MS }).toBe(0);
    await expect.poll(() => alex.getByTestId('lead-row').filter({ hasText: 'Pia Pond' }).count(), { timeout: LIVE_MS }).toBe(0);
    expect(await alex.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(7);
    if (SHOTS) await jane.screenshot({ path: `${SHOTS}/pond-claimed.png` });
  });

  it('a lead waiting in the pond chats with the office: the broker answers until an agent claims it', async () => {
    const broker = await signedInPage(app.browser, app.server, 'broker@demo.test');
    const saved = await broker.request.patch(`${app.server.url}/api/dashboard/routing`, {
      data: { pond: { enabled: true, claimWindowMinutes: 0 } },
      headers: { origin: app.server.url },
    });
    expect(saved.status()).toBe(200);
    await settle(app.server);

    // A visitor on the office site asks a question on a phone: the lead goes straight to the pond.
    const port = new URL(app.server.url).port;
    const visitor = await (await app.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    visitor.setDefaultTimeout(LIVE_MS);
    await visitor.goto(`http://demo.localhost:${port}/search`);
    const inquiry = await visitor.evaluate(async () => {
      const res = await fetch('/api/account/inquiry', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          FullName: 'Quinn Quiet',
          Email: 'quinn.quiet@example.com',
          Phone: '2065550177',
          Message: 'Is the office open Sunday?',
          LeadType: 'Buyer',
        }),
      });
      return (await res.json()) as { leadId: string };
    });
    await settle(app.server);
    await visitor.reload();
    const launcher = visitor.getByRole('button', { name: /Chat with Blair/ });
    await launcher.waitFor();
    await launcher.click();
    const box = visitor.getByRole('textbox', { name: 'Message' });
    await box.fill('Anyone there?');
    await box.press('Enter');
    await visitor.getByTestId('chat-message').filter({ hasText: 'Anyone there?' }).waitFor();
    expect(await visitor.getByText('Your agent is being assigned').count()).toBe(0);

    // The broker gets it on the lead's conversation and answers.
    await broker.setViewportSize({ width: 1366, height: 900 });
    await broker.goto(`${app.server.url}/dashboard?lead=${inquiry.leadId}`);
    await broker.getByRole('heading', { name: 'Quinn Quiet' }).waitFor();
    await broker.getByText('In the office pond (the office answers its chat)').waitFor();
    await broker.getByRole('button', { name: /^Conversation/ }).click();
    await broker.getByTestId('thread-item').filter({ hasText: 'Anyone there?' }).waitFor();
    const reply = broker.getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes, from 10 to 4. An agent will call you shortly.');
    await broker.getByRole('button', { name: 'Send', exact: true }).click();
    await visitor.getByTestId('chat-message').filter({ hasText: 'Yes, from 10 to 4.' }).waitFor();
    if (SHOTS) {
      await visitor.screenshot({ path: `${SHOTS}/pond-chat-lead-phone.png` });
      await broker.screenshot({ path: `${SHOTS}/pond-chat-broker-desktop.png` });
    }
  });
});
