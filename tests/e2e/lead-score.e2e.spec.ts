import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoSite, janesLead, settle } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';

const DAY = 86_400_000;
const SITE = demoSite('demo').siteId;

describe('the lead score in Chromium: the badge opens the breakdown, a past date shows the score then', () => {
  const app = dashboardBrowserApp();

  it('works by keyboard at 390 px, axe-clean', async () => {
    const { server, browser } = app;
    const { leadId } = await janesLead(server, { FullName: 'Scott Scored' });
    await settle(server);
    const now = Date.now();
    const ev = (type: string, data: Record<string, unknown>, daysAgo: number) => ({
      type,
      data,
      eventId: randomUUID(),
      metadata: metadataOf(systemContext(new Date(now - daysAgo * DAY), SITE)),
    });
    const base = { leadId, userId: randomUUID(), siteId: SITE };
    await server.runtime.store.append(`leadactivity-${leadId}`, 'any', [ev('ListingViewed', { ...base, pdid: 'P1', address: '1 Elm St', price: 500_000 }, 10)]);
    await server.runtime.store.append(`organizer-${leadId}`, 'any', [
      ev('ListingFavorited', { ...base, pdid: 'P1' }, 3),
      ev('ShowingRequested', { ...base, pdid: 'P1', preferredAt: new Date(now + DAY).toISOString(), message: 'Soon?' }, 1),
    ]);
    await settle(server);

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    const badge = page.getByTestId('score-badge');
    await badge.waitFor();
    const score = Number(await badge.locator('span').first().textContent());
    expect(score).toBeGreaterThan(20);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    await badge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Why this score' });
    await dialog.waitFor();
    const rows = dialog.getByTestId('score-contribution');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    expect(await dialog.getByText('Showing requested').count()).toBe(1);
    const points = (await rows.locator('td:first-child').allTextContents()).map(Number);
    expect(points.reduce((a, b) => a + b, 0)).toBe(score);
    expect(await seriousViolations(page)).toEqual([]);

    // As of two days ago: the showing request had not happened.
    const twoDaysAgo = new Date(now - 2 * DAY).toISOString().slice(0, 10);
    await dialog.getByLabel('As of').fill(twoDaysAgo);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await dialog.getByText(`at the end of ${twoDaysAgo}`, { exact: false }).waitFor();
    expect(await dialog.getByText('Showing requested').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('score-badge');
  });

  it('a broker changes the rules on the Team view and sees every lead rescored, axe-clean at 390 px', async () => {
    const { server, browser } = app;
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard?view=team`);
    const panel = page.getByRole('region', { name: 'Lead scoring rules' });
    await panel.getByText('(the built-in rules)', { exact: false }).waitFor();
    const showing = panel.getByLabel('Showing requested: Points');
    await showing.fill('35');
    await panel.getByRole('button', { name: 'Save and rescore' }).click();
    await panel.getByText(/^Rules version 1 saved; \d+ leads? rescored$/).waitFor({ timeout: 15_000 });
    await panel.getByText(/Leads scored by version 1: (\d+) of \1$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await settle(server);
    expect(
      (
        await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM lead_scores WHERE office_id = $1 AND rules_version <> 1', [
          '00000000-0000-4000-8000-000000000015',
        ])
      ).rows[0].n,
    ).toBe(0);
  });
});
