import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { handleCommand } from '../../src/commands/handle-command';
import { agentProfileStream } from '../../src/modules/office';
import { agentProfileDecider } from '../../src/modules/office/agent-profile';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';

const LOAD_MS = 60_000;
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/**
 * Watches every frame from the first: a "flash" is a frame where the server's page is gone but
 * the app shows only a loading shell; also collects Content-Security-Policy violations (the
 * JSON-LD blocks must raise none). Injected through the DevTools protocol, not as page script.
 */
const WATCH = `(() => {
  window.__flash = [];
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
  const tick = () => {
    const ssr = document.getElementById('ssr');
    const root = document.getElementById('root');
    if (root && !ssr && !root.hidden && root.querySelector('main[aria-busy="true"], main.page-loading')) window.__flash.push(location.pathname);
    if (performance.now() < 15000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/**
 * The server-rendered public pages in Chromium (issue 17): without JavaScript the page is there;
 * with it, the React app takes the page over (no loading shell in between), and what is left is
 * accessible (axe: no serious or critical violation) and within the strict policy.
 */
describe('server-rendered pages and the app taking over', () => {
  const jane = demoUser('agent').userId;
  const janePath = `/agents/jane-agent-${jane.replace(/-/g, '').slice(-12)}`;
  // The demo's people and sites, Jane's MLS id and bio, and six homes in Seattle (the first hers).
  const app = dashboardBrowserApp(async (server) => {
    const ctx = systemContext();
    await handleCommand(
      server.runtime.store,
      agentProfileStream(jane),
      agentProfileDecider,
      { kind: 'mlsId', agentId: jane, mlsId: 'JA1', by: 'broker', heldBy: null },
      ctx,
    );
    await handleCommand(
      server.runtime.store,
      agentProfileStream(jane),
      agentProfileDecider,
      { kind: 'bio', agentId: jane, bio: 'Twelve years selling homes around Pike Place.' },
      ctx,
    );
    await importListings(
      server.runtime.store,
      items([
        home('E1', { PublicRemarks: 'A bright corner home near the park.', UnparsedAddress: '12 Maple Ave', ListAgentMlsId: 'JA1' }),
        ...Array.from({ length: 5 }, (_, i) => home(`E${i + 2}`, { ListPrice: 450_000 + i * 10_000 })),
      ]),
      { mls: 'T', ctx },
    );
  });

  const open = async (path: string): Promise<Page> => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.addInitScript(WATCH);
    await page.goto(`${app.server.url}${path}`);
    return page;
  };
  const takenOver = async (page: Page) => {
    await page.locator('#ssr').waitFor({ state: 'detached' });
    expect(await page.locator('#root').getAttribute('hidden')).toBeNull();
  };

  it('without JavaScript a listing page and a landing page are there to read', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/listing/T-E1`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('12 Maple Ave, Seattle, WA 98101');
    await page.getByText('A bright corner home near the park.').waitFor();
    await page.goto(`${app.server.url}/homes-for-sale/seattle`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Homes for sale in Seattle');
    expect(await page.locator('.ssr-card').count()).toBe(6);
    await context.close();
  });

  it('the app takes over a server-rendered listing page: the same home, no loading shell between, axe clean, no policy violation', async () => {
    const page = await open('/listing/T-E1');
    await takenOver(page);
    // The app's own page: its gallery, facts and inquiry slot, not the server's copy.
    await page.getByRole('heading', { name: 'About this home' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^12 Maple Ave/);
    // Its breadcrumbs lead to the places' pages, as the server's did.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    expect(await crumbs.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      '/homes-for-sale/county/king-county',
      '/homes-for-sale/seattle',
      '/homes-for-sale/zip/98101',
    ]);
    // And the listing agent's page.
    expect(await page.getByRole('link', { name: 'Jane Agent' }).getAttribute('href')).toBe(janePath);
    expect(await page.evaluate('window.__flash')).toEqual([]);
    expect(await page.evaluate('window.__csp')).toEqual([]);
    // The head keeps what search engines read.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/listing\/T-E1$/);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("the app takes over a city landing page with its own page of that city (its homes, its numbers, a link to the city's search)", async () => {
    const page = await open('/homes-for-sale/seattle');
    await takenOver(page);
    await expect.poll(() => page.getByRole('region', { name: 'Newest homes for sale' }).locator('article').count(), { timeout: LOAD_MS }).toBe(6);
    expect(await page.getByRole('link', { name: 'Search Seattle with filters and a map' }).getAttribute('href')).toBe('/search?acl_city=Seattle');
    expect(await page.evaluate('window.__flash')).toEqual([]);
    expect(await page.evaluate('window.__csp')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("the app takes over an agent's page: bio, contact, active listings; axe clean", async () => {
    const page = await open(janePath);
    await takenOver(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Jane Agent');
    await page.getByText('Twelve years selling homes around Pike Place.').waitFor();
    expect(await page.getByRole('link', { name: 'agent@demo.test' }).getAttribute('href')).toBe('mailto:agent@demo.test');
    await expect.poll(() => page.getByRole('region', { name: 'Active listings' }).locator('article').count()).toBe(1);
    expect(await page.evaluate('window.__flash')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('at 390 px the server page reads as well, and its links lead on', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/`);
    await page.getByRole('link', { name: 'Homes for sale in Seattle' }).click();
    await page.getByRole('heading', { name: 'Homes for sale in Seattle' }).waitFor();
    await page.getByRole('link', { name: /12 Maple Ave/ }).click();
    await page.getByRole('heading', { name: '12 Maple Ave, Seattle, WA 98101' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth').catch(() => 390)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
