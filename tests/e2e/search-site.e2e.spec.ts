import { CommandBus } from '@nestjs/cqrs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_SITES } from '../../src/demo/demo-accounts';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { seriousViolations } from '../support/axe';
import { browserApp } from '../support/browser-app';

/**
 * The public search site in Chromium against the real server and the demo data: autocomplete,
 * views, drawing, listing pages, the sold rules and accessibility.
 */
// Generous waits: the machine is shared, and a software-rendered map can take a while to load.
const LOAD_MS = 90_000;
const HEAVY_TEST_MS = 300_000;

describe('the public search site', () => {
  const app = browserApp({
    env: { DEMO_SEED: '1' },
    prepare: async (server) => {
      // These tests walk many pages as a visitor: the sign-up prompt (tests/e2e/accounts) stays off.
      const demo = DEMO_SITES.find((s) => s.key === 'demo')!;
      await server.app.get(CommandBus).execute(new ChangeSiteSettingsCommand({ siteId: demo.siteId, changes: { PromptLevel: 0 } }, systemContext()));
    },
  });

  const open = async (path: string, width = 1280, height = 860): Promise<Page> => {
    const page = await app.browser.newPage({ viewport: { width, height } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}${path}`);
    return page;
  };
  const cardCount = (page: Page) => page.locator('ol[aria-label="Search results"] > li').count();
  const searched = (page: Page) =>
    expect.poll(async () => (await page.locator('header p[aria-live]').textContent()) ?? '', { timeout: LOAD_MS }).toMatch(/\d+ homes?/);
  const totalOnMap = async (page: Page) => Number(await page.getByTestId('search-map').getAttribute('data-total'));
  const mapSettled = async (page: Page) => {
    await expect.poll(() => page.getByTestId('search-map').getAttribute('data-loaded'), { timeout: LOAD_MS }).toBe('true');
    await expect.poll(() => page.getByTestId('search-map').getAttribute('data-loading'), { timeout: LOAD_MS }).toBeNull();
  };

  it(
    'searches by autocomplete: a city picked with the keyboard becomes a tag, the results and the address follow',
    async () => {
      const page = await open('/search');
      await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
      const box = page.getByRole('combobox', { name: /City, county, zip/ });
      await box.click();
      await box.pressSequentially('Seattl');
      const option = page.getByRole('option', { name: /Seattle/ }).first();
      await option.waitFor({ timeout: 10_000 });
      expect(await page.locator('[role=option][aria-selected=true]').count()).toBe(1);
      await box.press('Enter');
      await expect
        .poll(() => new URL(page.url()).searchParams.get('acl_city') ?? new URL(page.url()).searchParams.get('city'), { timeout: 15_000 })
        .toMatch(/seattle/i);
      await expect.poll(() => page.getByRole('button', { name: /Remove Seattle/ }).count()).toBe(1);
      await expect
        .poll(async () => (await page.locator('article h2').allTextContents()).every((t) => /Seattle/i.test(t)) && (await cardCount(page)) > 0, {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await page.title()).toMatch(/Seattle/i);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Seattle/i);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it("says 'Please enter a search location' on an empty submit", async () => {
    const page = await open('/search');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Please enter a search location' }).count()).toBe(1);
    await page.close();
  });

  it(
    'switches between list, split and map with the same criteria',
    async () => {
      const page = await open('/search?acl_city=Seattle');
      await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Split' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/search/split');
      expect(new URL(page.url()).searchParams.get('acl_city')).toBe('Seattle');
      await mapSettled(page);
      await expect.poll(() => cardCount(page), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(Number(await page.getByTestId('search-map').getAttribute('data-pins'))).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Map' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/search/map');
      await mapSettled(page);
      expect(await cardCount(page)).toBe(0);
      expect(Number(await page.getByTestId('search-map').getAttribute('data-pins'))).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'List' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
      await expect.poll(() => cardCount(page), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it(
    'draws a polygon with the mouse and finds fewer homes inside it',
    async () => {
      const page = await open('/search/map?acl_city=Seattle');
      await mapSettled(page);
      const before = await totalOnMap(page);
      expect(before).toBeGreaterThan(0);
      const draw = page.getByRole('button', { name: 'Draw Custom Search' });
      await draw.click();
      expect(await page.getByRole('button', { name: 'Drawing...' }).getAttribute('aria-pressed')).toBe('true');
      const area = (await page.getByTestId('search-map').boundingBox())!;
      const cx = area.x + area.width / 2;
      const cy = area.y + area.height / 2;
      const r = Math.min(area.width, area.height) / 6;
      await page.mouse.move(cx + r, cy);
      await page.mouse.down();
      for (let i = 1; i <= 40; i++) await page.mouse.move(cx + r * Math.cos((i / 40) * 2 * Math.PI), cy + r * Math.sin((i / 40) * 2 * Math.PI));
      await page.mouse.up();
      await expect
        .poll(() => new URL(page.url()).searchParams.get('polygonmap'), { timeout: 10_000 })
        .toMatch(/^-?\d+\.\d{6} -?\d+\.\d{6}(, -?\d+\.\d{6} -?\d+\.\d{6}){3,}$/);
      const ring = new URL(page.url()).searchParams.get('polygonmap')!.split(', ');
      expect(ring[0]).toBe(ring[ring.length - 1]);
      expect(ring.length - 1).toBeGreaterThanOrEqual(4);
      expect(ring.length - 1).toBeLessThanOrEqual(99);
      await mapSettled(page);
      await expect.poll(() => totalOnMap(page), { timeout: 15_000 }).toBeLessThan(before);
      expect(await page.getByRole('button', { name: 'Draw Custom Search' }).count()).toBe(1);
      // Clear removes the polygons and searches again.
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('polygonmap')).toBeNull();
      await expect.poll(() => totalOnMap(page), { timeout: 15_000 }).toBe(before);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it(
    'draws at most 10 areas, and shows why the server refused a search',
    async () => {
      // Squares of about a kilometre in Seattle, written as the app writes polygons.
      const square = (i: number) => {
        const [lat, lng] = [47.55 + 0.02 * i, -122.35];
        const pts = [
          [lat, lng],
          [lat, lng + 0.01],
          [lat + 0.01, lng + 0.01],
          [lat + 0.01, lng],
          [lat, lng],
        ];
        return pts.map(([a, b]) => `${a!.toFixed(6)} ${b!.toFixed(6)}`).join(', ');
      };
      const areas = (n: number) => encodeURIComponent(Array.from({ length: n }, (_, i) => square(i)).join(':'));
      const page = await open(`/search/map?polygonmap=${areas(10)}`);
      await mapSettled(page);
      expect(await page.getByRole('button', { name: 'Draw Custom Search' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('polygon-cap').textContent()).toBe('10 drawn areas is the most a search takes. Clear them to draw another.');
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Draw Custom Search' }).isDisabled()).toBe(false);
      await page.close();
      // An address with eleven (the app never makes one, but it can be typed or shared): the server's reason is shown.
      const split = await open(`/search/split?polygonmap=${areas(11)}`);
      await expect.poll(() => split.getByRole('alert').filter({ hasText: 'A search may have at most 10 polygons' }).count(), { timeout: LOAD_MS }).toBe(1);
      expect(await split.getByRole('alert').filter({ hasText: 'Error loading search results, please try again' }).count()).toBe(1);
      await split.close();
    },
    HEAVY_TEST_MS,
  );

  it('opens a listing from the results and walks the stored sequence with Next and Previous', async () => {
    const page = await open('/search?acl_city=Seattle&sortby=price-desc');
    await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(2);
    const pdids = await page.locator('article[data-pdid]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pdid')));
    await page.locator('article h2 a').first().click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/listing/${pdids[0]}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const next = page.getByRole('link', { name: 'Next' });
    await next.waitFor({ timeout: 10_000 });
    expect(await page.getByText(/^1 of \d+/).count()).toBe(1);
    await next.click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/listing/${pdids[1]}`);
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/listing/${pdids[0]}`);
    await page.getByRole('link', { name: 'All results' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('acl_city')).toBe('Seattle');
    await page.close();
  });

  it('forceopen=N opens the Nth listing of the result sequence', async () => {
    const page = await open('/search?acl_city=Seattle&sortby=price-desc');
    await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(2);
    const third = await page.locator('article[data-pdid]').nth(2).getAttribute('data-pdid');
    await page.goto(`${app.server.url}/search?acl_city=Seattle&sortby=price-desc&forceopen=3`);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname), { timeout: 15_000 }).toBe(`/listing/${third}`);
    await page.close();
  });

  it('shows the sold-toggle toast and unticks it; a sold search without a city is disabled on refresh', async () => {
    const page = await open('/search?acl_county=King');
    await searched(page);
    const sold = page.getByRole('switch', { name: 'Sold homes' });
    await sold.click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Please enter a city or zip code to search for sold properties.' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Search Error!');
    await expect.poll(() => sold.isChecked()).toBe(false);
    expect(new URL(page.url()).searchParams.get('soldproperty')).toBeNull();

    await page.goto(`${app.server.url}/search?soldproperty=1&beds=2`);
    await page.getByTestId('toast').filter({ hasText: 'Sold property searching requires a city or zip. Disabling sold property search.' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('soldproperty')).toBeNull();
    expect(new URL(page.url()).searchParams.get('beds')).toBe('2');

    // With a city, sold homes are searched.
    await page.goto(`${app.server.url}/search?acl_city=Seattle`);
    await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
    await page.getByRole('switch', { name: 'Sold homes' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('soldproperty')).toBe('1');
    await expect.poll(async () => (await page.locator('article').first().textContent()) ?? '', { timeout: 15_000 }).toMatch(/Sold/);
    await page.close();
  });

  it('opens the sign-in modal shell with showSignIn=1 and closes it with Escape', async () => {
    const page = await open('/search?acl_city=Seattle&showSignIn=1');
    await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
    // Still open after the search replaced the address.
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('showSignIn')).toBe('1');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('showSignIn')).toBeNull();
    await page.close();
  });

  it('a branded site shows the handoff modal to its master site instead of searching', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url.replace('localhost', 'brand.localhost')}/search?acl_city=Seattle`);
    const dialog = page.getByRole('dialog', { name: 'Taking you to our home search' });
    await dialog.waitFor();
    const href = new URL((await dialog.getByRole('link', { name: 'Go now' }).getAttribute('href'))!);
    expect(href.pathname + href.search).toBe('/search?acl_city=Seattle');
    expect(href.hostname).not.toBe('brand.localhost');
    expect(await cardCount(page)).toBe(0);
    await page.close();
  });

  it('works at 375 px wide without sideways scrolling', async () => {
    const page = await open('/search?acl_city=Seattle', 375, 812);
    await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: /Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.waitFor();
    await filters.getByRole('button', { name: 'Show results' }).click();
    await expect.poll(() => filters.count()).toBe(0);
    await page.close();
  });

  describe('accessibility (axe: no serious or critical violations)', () => {
    it('/search', async () => {
      const page = await open('/search?acl_city=Seattle');
      await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });

    it(
      '/search/split',
      async () => {
        const page = await open('/search/split?acl_city=Seattle');
        await mapSettled(page);
        await expect.poll(() => cardCount(page), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      },
      HEAVY_TEST_MS,
    );

    it('a listing page', async () => {
      const page = await open('/search?acl_city=Seattle');
      await expect.poll(() => cardCount(page), { timeout: LOAD_MS }).toBeGreaterThan(0);
      await page.locator('article h2 a').first().click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Facts' }).waitFor();
      // The map loads once its place nears the screen.
      await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
      await page
        .getByRole('region', { name: /^Map showing/ })
        .locator('canvas')
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  });
});
