import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoSite, demoUser, janesLead, settle } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';

const SITE = demoSite('jane').siteId;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('behaviour alerts in Chromium: a broker changes a threshold, the agent sees the alert live', () => {
  const app = dashboardBrowserApp();

  it('the broker lowers "Views of the same home" to 2 on the Team view; a lead views a home twice; the agent’s dashboard shows it at once; axe-clean at 390 px', async () => {
    const { server, browser } = app;
    const broker = await (await browser.newContext(PHONE)).newPage();
    await broker.goto(`${server.url}/search`);
    await signInPage(broker, 'broker@demo.test');
    await broker.goto(`${server.url}/dashboard?view=team`);
    const panel = broker.getByRole('region', { name: 'Lead alert thresholds' });
    await panel.getByText('(the defaults)', { exact: false }).waitFor();
    const same = panel.getByLabel('Views of the same home');
    expect(await same.inputValue()).toBe('3');
    await same.fill('2');
    await panel.getByRole('button', { name: 'Save alert thresholds' }).click();
    await panel.getByText('Alert thresholds version 1 saved').waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    expect(await broker.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    const { leadId } = await janesLead(server, { FullName: 'Ada Again' });
    const agent = await (await browser.newContext(PHONE)).newPage();
    await agent.goto(`${server.url}/search`);
    await signInPage(agent, 'agent@demo.test');
    await agent.goto(`${server.url}/dashboard`);
    const alerts = agent.getByRole('region', { name: 'Lead alerts' });
    await alerts.getByText('No alerts yet', { exact: false }).waitFor();

    const view = () => ({
      type: 'ListingViewed',
      data: { leadId, userId: randomUUID(), siteId: SITE, pdid: 'P1', address: '1 Elm St', price: 500_000 },
      eventId: randomUUID(),
      metadata: metadataOf(systemContext(new Date(), SITE)),
    });
    await server.runtime.store.append(`leadactivity-${leadId}`, 'any', [view(), view()]);
    const item = alerts.getByRole('button', { name: /Ada Again Viewed the same home 2 times/ });
    await item.waitFor({ timeout: 15_000 });
    await alerts.getByText('New lead alert: Ada Again, Viewed the same home 2 times').waitFor();
    expect(await seriousViolations(agent)).toEqual([]);
    expect(await agent.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // By keyboard: the alert opens its lead, whose timeline has the alert's line.
    await item.focus();
    await agent.keyboard.press('Enter');
    await agent.getByText('Alert: Viewed the same home 2 times').waitFor({ timeout: 10_000 });
    expect(new URL(agent.url()).searchParams.get('lead')).toBe(leadId);
    await settle(server);
  });

  it('staff choose the office on the Team view, then see and change its thresholds (the version the broker saved)', async () => {
    const { server, browser } = app;
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, demoUser('staff').email);
    await page.goto(`${server.url}/dashboard?view=team`);
    const panel = page.getByRole('region', { name: 'Lead alert thresholds' });
    await panel.getByText('Choose an office to see and change its thresholds.').waitFor();
    const office = panel.getByLabel('Office');
    await expect.poll(() => office.locator('option').count()).toBeGreaterThan(1);
    await office.selectOption({ index: 1 });
    const same = panel.getByLabel('Views of the same home');
    await same.waitFor();
    const before = Number(await same.inputValue());
    await same.fill(String(before + 1));
    await panel.getByRole('button', { name: 'Save alert thresholds' }).click();
    await panel.getByText(/Alert thresholds version \d+ saved/).waitFor();
    expect(new URL(page.url()).searchParams.get('office')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await settle(server);
  });
});
