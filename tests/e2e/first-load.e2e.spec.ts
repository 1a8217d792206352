import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserApp } from '../support/browser-app';

/**
 * What a phone downloads on its first visit to the public site: at most 80 kB of JavaScript as
 * the server sent it (the body as encoded, brotli), and the map's libraries (maplibre, deck.gl and
 * its luma.gl) only when a map is shown. A script is told by the sources its build map names, not
 * by its file name. The test holds the goal, not today's bytes: each first load's files and their
 * bytes are logged, so a change that moves them is seen in the output, and fails only past the goal.
 */
const LOAD_MS = 90_000;
/** The build's maps are not served; the test reads them beside the assets it was served. */
const ASSETS = path.join(__dirname, '../../web/dist/assets');
const MAP_LIBRARIES = /node_modules\/(?:maplibre-gl|@deck\.gl|@luma\.gl)\//;
/** The goal for the JavaScript of each first load: 80 kB on the wire. */
const GOAL_BYTES = 80 * 1024;
const wire = (scripts: readonly Script[]) => scripts.reduce((n, s) => n + s.bytes, 0);
const fileOf = (s: Script) => new URL(s.url).pathname.replace(/^\/assets\//, '');
/** The files a first load fetched, by name without their content hash (a lazy page's change moves no name here). */
const namesOf = (scripts: readonly Script[]) => scripts.map((s) => fileOf(s).replace(/-[\w-]{8}\.js$/, '')).sort();

/** The figures of one first load, as the test saw them: each file with its bytes and encoding, and the total against the goal. */
const report = (what: string, scripts: readonly Script[]) => {
  const lines = [...scripts].sort((a, b) => b.bytes - a.bytes).map((s) => `  ${String(s.bytes).padStart(7)} B  ${s.encoding.padEnd(4)} ${fileOf(s)}`);
  console.log(`first load of ${what}: ${wire(scripts)} B of JavaScript in ${scripts.length} files (goal ${GOAL_BYTES} B)\n${lines.join('\n')}`);
};

type Script = { readonly url: string; readonly bytes: number; readonly encoding: string };

describe('the first load of the public site', () => {
  const app = browserApp({ env: { DEMO_SEED: '1' } });

  const scriptOf = async (req: Request): Promise<Script> => {
    const [sizes, response] = await Promise.all([req.sizes(), req.response()]);
    return { url: req.url(), bytes: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? 'none' };
  };

  /** Opens `path` at a phone's width and gives the scripts it loaded once the page is quiet. */
  const firstLoad = async (path: string, ready: (page: Page) => Promise<void>): Promise<{ page: Page; scripts: Script[] }> => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(LOAD_MS);
    const sizes: Promise<Script>[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') sizes.push(scriptOf(req));
    });
    await page.goto(`${app.server.url}${path}`, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    return { page, scripts: await Promise.all(sizes) };
  };

  /** The scripts whose build map names a map library among its sources. */
  const mapScripts = async (scripts: Script[]): Promise<string[]> => {
    const named = await Promise.all(
      scripts.map(async (s): Promise<string[]> => {
        const name = new URL(s.url).pathname.replace(/^\/assets\//, '');
        // maplibre's worker is copied as built, without a map; so are the bundler's runtime and a
        // few chunks of re-exports only, which name no library.
        if (name.startsWith('maplibre-gl-worker-')) return [name];
        const text = await readFile(path.join(ASSETS, `${name}.map`), 'utf8').catch(() => '{"sources":[]}');
        const map = JSON.parse(text) as { sources: string[] };
        return map.sources.some((src) => MAP_LIBRARIES.test(src)) ? [name] : [];
      }),
    );
    return named.flat();
  };

  it('/search in the list view at 390 px loads no map library; the map view loads it when asked for', async () => {
    const { page, scripts } = await firstLoad('/search?acl_city=Seattle', async (p) => {
      await expect.poll(() => p.locator('ol[aria-label="Search results"] > li').count(), { timeout: LOAD_MS }).toBeGreaterThan(0);
    });
    report('/search (list, 390 px)', scripts);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.bytes === 0 || s.encoding !== 'br').map(fileOf)).toEqual([]);
    expect(await mapScripts(scripts)).toEqual([]);
    expect(wire(scripts)).toBeLessThanOrEqual(GOAL_BYTES);
    expect(namesOf(scripts)).toEqual(['index', 'rolldown-runtime']);

    // The same visitor opens the map: now its libraries arrive.
    const later: Promise<Script>[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') later.push(scriptOf(req));
    });
    await page.getByRole('navigation', { name: 'Result views' }).locator('a[href*="/map"]').click();
    await expect.poll(() => page.getByTestId('search-map').getAttribute('data-loaded'), { timeout: LOAD_MS }).toBe('true');
    expect((await mapScripts(await Promise.all(later))).length).toBeGreaterThan(0);
    await page.close();
  });

  it("a lazy page's stylesheets are linked once: the app's own is not linked again after the site's", async () => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(LOAD_MS);
    // The password recovery page's chunk lists the entry's stylesheet among its own.
    await page.goto(`${app.server.url}/account/forgotpassword`);
    await page.getByRole('heading', { name: 'Password recovery' }).waitFor();
    const sheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    expect(sheets.filter((href) => /^(?:https?:\/\/[^/]+)?\/assets\/index-[\w-]+\.css$/.test(href))).toHaveLength(1);
    await page.close();
  });

  it('a listing page at 390 px loads its own entry and no map library before its map is scrolled to; its search page comes on demand', async () => {
    const first = (await (await fetch(`${app.server.url}/api/search?acl_city=Seattle&perpage=1`)).json()) as { results: { pdid: string }[] };
    const pdid = first.results[0]!.pdid;
    const { page, scripts } = await firstLoad(`/listing/${encodeURIComponent(pdid)}`, async (p) => {
      await p.locator('main h1').first().waitFor();
    });
    report('a listing page (390 px)', scripts);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.bytes === 0 || s.encoding !== 'br').map(fileOf)).toEqual([]);
    expect(await mapScripts(scripts)).toEqual([]);
    expect(wire(scripts)).toBeLessThanOrEqual(GOAL_BYTES);
    // Served with the listing entry (web/dist/listing.html), which loads the search page only when asked for.
    expect(namesOf(scripts)).toEqual(['listing', 'rolldown-runtime']);
    expect(scripts.map(fileOf).filter((f) => /^(?:index|SearchPage)-[\w-]+\.js$/.test(f))).toEqual([]);

    // The same visitor goes to the search from the header, and from its results to a listing again.
    await page.locator('header a[href="/search"]').first().click();
    await expect.poll(() => page.locator('ol[aria-label="Search results"] > li').count(), { timeout: LOAD_MS }).toBeGreaterThan(0);
    await page.locator('ol[aria-label="Search results"] > li a[href^="/listing/"]').first().click();
    await page.waitForURL(/\/listing\//);
    await page.locator('main h1').first().waitFor();
    await page.close();
  });
});
