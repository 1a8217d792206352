import { CommandBus } from '@nestjs/cqrs';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signInPage } from '../support/sign-in-page';
import { demoSite, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('the agent dashboard in Chromium: live leads and chat both ways', () => {
  const app = dashboardBrowserApp();
  let agentContext: BrowserContext;
  let visitorContext: BrowserContext;

  beforeAll(async () => {
    const { browser } = app;
    agentContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });

  it('a visitor’s inquiry appears in the agent’s open dashboard without reload, and a chat message goes both ways', async () => {
    const { server } = app;
    const port = new URL(server.url).port;
    // The agent: Jane, on her dashboard.
    const agent = await agentContext.newPage();
    await agent.goto(`${server.url}/search`);
    await signInPage(agent, 'agent@demo.test');
    await agent.goto(`${server.url}/dashboard`);
    await agent.getByRole('heading', { name: /^Leads/ }).waitFor();
    await agent.getByText('Live', { exact: true }).waitFor();
    // The socket can say Live before the first page of leads has come back: wait for a row.
    await agent.getByTestId('lead-row').first().waitFor();
    const rowsBefore = await agent.getByTestId('lead-row').count();
    expect(rowsBefore).toBeGreaterThan(0);
    // A page load would drop this marker: its survival proves no reload happened.
    await agent.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42));
    const notReloaded = () => agent.evaluate(() => (globalThis as unknown as { marker?: number }).marker === 42);
    if (SHOTS) await agent.screenshot({ path: `${SHOTS}/dashboard-before.png` });

    // A visitor on Jane's own site sends an inquiry (and is signed in by it).
    const visitor = await visitorContext.newPage();
    await visitor.goto(`http://jane.localhost:${port}/search`);
    const inquiry = await visitor.evaluate(async () => {
      const res = await fetch('/api/account/inquiry', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          FullName: 'Wendy Window',
          Email: 'wendy.window@example.com',
          Phone: '2065550111',
          Message: 'Can I see the house on Friday?',
          LeadType: 'Buyer',
        }),
      });
      return (await res.json()) as { isSuccess: boolean; leadId: string };
    });
    expect(inquiry.isSuccess).toBe(true);

    // It slides into the agent's open feed: no reload.
    const row = agent.getByTestId('lead-row').filter({ hasText: 'Wendy Window' });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => agent.getByTestId('lead-row').count()).toBe(rowsBefore + 1);
    expect(await notReloaded()).toBe(true);
    await row.getByText('Just in', { exact: true }).waitFor();
    await row.getByRole('button').click();
    await agent.getByRole('heading', { name: 'Wendy Window' }).waitFor();
    await agent.getByRole('link', { name: '206-555-0111' }).waitFor();
    await agent.getByRole('button', { name: /^Conversation/ }).click();
    if (SHOTS) await agent.screenshot({ path: `${SHOTS}/dashboard-lead.png` });

    // The visitor: the chat launcher appears after 3 s; they write to their agent.
    await visitor.reload();
    const launcher = visitor.getByRole('button', { name: /Chat with Jane/ });
    await launcher.waitFor({ timeout: 15_000 });
    await launcher.click();
    const visitorBox = visitor.getByRole('textbox', { name: 'Message' });
    await visitorBox.fill('<b>Hello</b> Jane!');
    await visitorBox.press('Enter');
    if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/lead-chat.png` });

    // The agent gets it live, as text (not HTML), and answers with an emoji from the picker.
    const fromVisitor = agent.getByTestId('thread-item').filter({ hasText: '<b>Hello</b> Jane!' });
    await fromVisitor.waitFor({ timeout: 15_000 });
    expect(await agent.locator('[data-testid="thread-item"] b').count()).toBe(0);
    await agent.getByRole('button', { name: 'Insert emoji' }).click();
    await agent.getByRole('searchbox', { name: 'Search emoji' }).fill('zzz');
    await agent.getByText('No Emojis to display').waitFor();
    await agent.getByRole('searchbox', { name: 'Search emoji' }).fill('house');
    await agent.getByRole('button', { name: 'house', exact: true }).click();
    const agentBox = agent.getByRole('textbox', { name: 'Message' });
    await agentBox.pressSequentially(' Friday works, see you at 10.');
    await agent.getByRole('button', { name: 'Send', exact: true }).click();

    // The visitor gets the answer live, and sees that the agent read theirs.
    await visitor.getByTestId('chat-message').filter({ hasText: 'Friday works, see you at 10.' }).waitFor({ timeout: 15_000 });
    await visitor.getByText('Seen').waitFor({ timeout: 15_000 });
    if (SHOTS) {
      await agent.screenshot({ path: `${SHOTS}/dashboard-chat.png` });
      await visitor.screenshot({ path: `${SHOTS}/lead-chat-answered.png` });
    }
    // Both close from their corner button (the agent's chat is the lead's conversation).
    for (const [page, close] of [
      [agent, 'Close conversation'],
      [visitor, 'Close chat'],
    ] as const) {
      await page.getByRole('button', { name: close }).click();
      await expect.poll(() => page.getByRole('button', { name: close }).count(), { timeout: 15_000 }).toBe(0);
    }
    expect(await notReloaded()).toBe(true);
    await settle(server);
  });

  it('nav items overflow into “more” on a narrow window; bios read more; texts over MMSBulkSendCap get the spec’s alert', async () => {
    const { server } = app;
    await server.app
      .get(CommandBus)
      .execute(new ChangeSiteSettingsCommand({ siteId: demoSite('demo').siteId, changes: { MMSBulkSendCap: 1 } }, systemContext()));
    await settle(server);
    const page = await agentContext.newPage();
    await page.setViewportSize({ width: 300, height: 900 });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const more = page.getByRole('button', { name: /more/ });
    await more.waitFor();
    await more.click();
    // A group in "more" lists its entries under its name.
    await page.getByRole('group', { name: 'Settings' }).getByRole('link', { name: 'My account' }).waitFor();
    await page.keyboard.press('Escape');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-narrow.png` });
    // Wide again: every group is back in the bar, "more" gone.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => more.count()).toBe(0);

    // The team (in the Settings group): bios collapsed with 'read more'.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Team', exact: true }).click();
    const readMore = page.getByRole('button', { name: 'read more' }).first();
    await readMore.waitFor();
    await readMore.click();
    await page.getByRole('button', { name: 'read less' }).first().waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-team.png` });

    // Two leads selected, a cap of one: the alert, word for word, and nothing sent.
    await page.getByRole('button', { name: /^Leads/ }).click();
    await page.getByRole('button', { name: 'All leads' }).click();
    const boxes = page.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: /^Leads/ }).click();
    await page.getByRole('button', { name: 'Text selected (2)' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Open house on Sunday!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Max allowed recipients of MMS (video) messages is 1.' }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-text-cap.png` });
    const { rows } = await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM sms_outbox');
    expect(rows[0].n).toBe(0);
  });

  it('the broker chooses on the Team view whether agents may claim listings nobody holds; the choice stays after a reload', async () => {
    const { server, browser } = app;
    const brokerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await brokerContext.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard?view=team`);
    const setting = page.getByRole('checkbox', { name: 'Agents may claim listings nobody in the office holds' });
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await setting.uncheck();
    await expect.poll(() => setting.isEnabled()).toBe(true);
    await page.reload();
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(false);
    // Agents see no such box.
    const agent = await agentContext.newPage();
    await agent.goto(`${server.url}/dashboard?view=team`);
    await agent.getByRole('heading', { name: 'Team' }).waitFor();
    expect(await agent.getByRole('checkbox', { name: /claim listings/ }).count()).toBe(0);
    await brokerContext.close();
  });
});
