import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import { agentProfileStream } from '../../src/modules/office';
import { agentProfileDecider } from '../../src/modules/office/agent-profile';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, settle } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';
import { signInPage } from '../support/sign-in-page';

const LOAD_MS = 60_000;
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
const LONG_BIO = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}: Alex has sold homes around Puget Sound for years.`).join('\n');

/**
 * Area and agent pages in Chromium (issue 17 parts 2-3): a city page's numbers, its bar chart and
 * the small map's named marker; an agent's page with the bio's 'read more' (100 px) and a
 * contact form whose inquiry reaches that agent's dashboard. axe: no serious or critical issue.
 */
describe('area and agent pages in the browser', () => {
  const alex = demoUser('agent2').userId;
  const alexPath = `/agents/alex-agent-${alex.replace(/-/g, '').slice(-12)}`;
  const app = dashboardBrowserApp(async (server) => {
    const ctx = systemContext();
    await handleCommand(server.runtime.store, agentProfileStream(alex), agentProfileDecider, { kind: 'bio', agentId: alex, bio: LONG_BIO }, ctx);
    await importListings(
      server.runtime.store,
      items([
        home('A1', { BedroomsTotal: 2, ListPrice: 400_000 }),
        home('A2', { BedroomsTotal: 3, ListPrice: 500_000 }),
        home('A3', { BedroomsTotal: 3, ListPrice: 700_000 }),
      ]),
      { mls: 'T', ctx },
    );
  });

  it('a city page: the market in numbers, the bar chart of average price, a map with the named marker; axe clean', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/homes-for-sale/seattle`);
    await page.locator('#ssr').waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Homes for sale in Seattle');
    const market = page.getByRole('region', { name: 'The Seattle market in numbers' });
    expect(await market.locator('dt').allTextContents()).toEqual(['Homes for sale', 'Median list price', 'Median price per sq ft', 'Median days on market']);
    expect(await market.locator('dd').nth(1).textContent()).toBe('$500,000');
    // The chart's bars (2 and 3 bedrooms), and its table for screen readers; the table held the chart's place until then.
    await expect.poll(() => page.getByTestId('market-chart').locator('.recharts-bar-rectangle').count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Average list price by bedrooms' }).locator('tbody tr').allTextContents()).toEqual([
      '2 bedrooms$400,0001',
      '3 bedrooms$600,0002',
    ]);
    // The small map, drawn once its place is scrolled near (its script loads then), with the place's named marker.
    await page.getByRole('heading', { name: 'Newest homes for sale' }).scrollIntoViewIfNeeded();
    const map = page.getByRole('region', { name: 'Map showing Seattle' });
    await map.locator('canvas').waitFor();
    expect(await map.locator('.maplibregl-marker').textContent()).toBe('Seattle');
    await expect.poll(() => page.getByRole('region', { name: 'Newest homes for sale' }).locator('article').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("an agent's page: the bio collapsed to 100 px opens with 'read more'; the contact form checks in place and its inquiry reaches that agent's dashboard; the team page links them", async () => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/agents`);
    await page.locator('#ssr').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Alex Agent' }).click();
    await page.getByRole('heading', { level: 1, name: 'Alex Agent' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(alexPath);
    const bio = page.locator('#agent-bio');
    expect((await bio.boundingBox())!.height).toBeLessThanOrEqual(100);
    const more = page.getByRole('button', { name: 'read more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect((await bio.boundingBox())!.height).toBeGreaterThan(100);
    expect(await page.getByRole('button', { name: 'read less' }).getAttribute('aria-expanded')).toBe('true');

    const contact = page.getByRole('region', { name: 'Contact Alex Agent' });
    await contact.getByRole('button', { name: 'Send to Alex Agent' }).click();
    // The first check of the spec's order, shown in place.
    await contact.getByRole('alert').waitFor();
    expect(await contact.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await contact.getByLabel('Full name').fill('Petra Page');
    await contact.getByLabel('Email').fill(`petra-${Date.now()}@example.com`);
    await contact.getByLabel('Phone').fill('2065550177');
    await contact.getByLabel('Message').fill('I read your bio. Can we meet?');
    expect(await seriousViolations(page)).toEqual([]);
    await contact.getByRole('button', { name: 'Send to Alex Agent' }).click();
    await page.getByTestId('inquiry-sent').waitFor();
    await settle(app.server);
    await page.close();

    // Alex's dashboard has the lead; it went to him, not by the rotation.
    const dash = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    dash.setDefaultTimeout(LOAD_MS);
    await dash.goto(`${app.server.url}/search`);
    await signInPage(dash, 'agent2@demo.test');
    await dash.goto(`${app.server.url}/dashboard`);
    await dash.getByRole('list', { name: 'Leads' }).getByRole('checkbox', { name: 'Select Petra Page' }).waitFor();
    await dash.close();
  });
});
