import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';

/** Waits for the form's status line to say `expected`; a refusal shows its own words in the failure. */
const answers = (page: Page, expected: RegExp) =>
  expect.poll(async () => (await page.locator('form[aria-labelledby] p[role="status"]').last().textContent()) ?? '', { timeout: 30_000 }).toMatch(expected);
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/** The Team view in Chromium: an agent writes her own bio; the broker links a listing to her (the listing-agent rule). */
describe('the Team view: bios and listing agents', () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(server.runtime.store, items([home('TP1', { ListPrice: 450_000 })]), { mls: 'T', ctx: systemContext() });
  });

  it('Jane writes her bio, kept as text, and claims a listing; Blair moves it to Alex by its page link, and unlinks it; by keyboard, at 390 px', async () => {
    const { server, browser } = app;
    const jane = await signedInContext(browser, server.url, 'agent@demo.test', PASSWORD);
    const page = await jane.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard?view=team`);
    const bio = page.getByLabel('Your bio');
    await bio.waitFor();
    const text = 'Ballard and Fremont since 2009. <b>Not bold</b>';
    await bio.fill(text);
    await page.getByText(`${text.length} of 2000 characters. Shown on your agent page.`).waitFor();
    await bio.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Saved: your agent page shows it.').waitFor();
    // Shown on her card at once, as text (the angle brackets are characters, not markup).
    await page.locator('#team-title').waitFor();
    expect(await page.locator('li', { hasText: 'Jane Agent' }).getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    await page.reload();
    expect(await page.getByLabel('Your bio').inputValue()).toBe(text);
    // Claims are allowed by default: Jane claims a listing nobody holds, for herself.
    await page.getByRole('heading', { name: 'Claim a listing' }).waitFor();
    await page.getByLabel('Listing (its page link or id)').fill('T-TP1');
    await page.getByRole('button', { name: 'Claim' }).click();
    await answers(page, /is linked to Jane Agent: its leads go to them\.$/);
    const agentOf = async () => ((await (await fetch(`${server.url}/api/pages/listings/T-TP1/agent`)).json()) as { agent: { name: string } | null }).agent;
    await expect.poll(agentOf, { timeout: 10_000 }).toMatchObject({ name: 'Jane Agent' });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    const blair = await signedInContext(browser, server.url, 'broker@demo.test', PASSWORD);
    const office = await blair.newPage();
    await office.setViewportSize({ width: 390, height: 844 });
    await office.goto(`${server.url}/dashboard?view=team`);
    const listing = office.getByLabel('Listing (its page link or id)');
    await listing.waitFor();
    // A typo is refused before anything is linked.
    await listing.fill('T-NOPE');
    await office.getByRole('button', { name: 'Link', exact: true }).click();
    await office.getByText('No listing on the site has this id').waitFor();

    // The broker moves it to Alex, by the listing page's link.
    await listing.fill(`${server.url}/listing/T-TP1`);
    await office.getByLabel('Agent', { exact: true }).selectOption({ label: 'Alex Agent' });
    await office.getByLabel('Agent', { exact: true }).press('Tab');
    await office.keyboard.press('Enter');
    await answers(office, /is linked to Alex Agent: its leads go to them\.$/);
    await expect.poll(agentOf, { timeout: 10_000 }).toMatchObject({ name: 'Alex Agent' });
    expect(await office.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(office)).toEqual([]);

    await office.getByRole('button', { name: 'Unlink' }).click();
    await office.getByText(/is unlinked: its leads follow the other rules\.$/).waitFor();
    await expect.poll(agentOf, { timeout: 10_000 }).toBeNull();
    await jane.close();
    await blair.close();
  });
});
