import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { PALETTES } from '../../src/contract/site-styles';
import type { Started } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';
import { PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;
const LOAD_MS = 30_000;
const HEADLINE = 'Homes by the water';
const SUBLINE = 'Puget Sound, street by street';

async function signedInPage(browser: Browser, server: Started, email: string): Promise<Page> {
  const page = await (await signedInContext(browser, server.url, email, PASSWORD)).newPage();
  page.setDefaultTimeout(LOAD_MS);
  await page.setViewportSize({ width: 1366, height: 900 });
  return page;
}

/** A real PNG: Chromium's own screenshot of a painted gradient. */
async function coverPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 480 } });
  await page.setContent('<body style="margin:0;height:480px;background:linear-gradient(120deg,#1d4e89,#7fb7be 60%,#f3d9b1)"></body>');
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

const cssVar = (page: Page, name: string) =>
  page.evaluate(`getComputedStyle(document.documentElement).getPropertyValue(${JSON.stringify(name)}).trim()`) as Promise<string>;
/** A computed style of the element (the test files have no DOM types: the page's own getComputedStyle). */
const computed = (el: Locator, prop: 'backgroundColor' | 'fontFamily') =>
  el.evaluate((node, p) => (globalThis as unknown as { getComputedStyle(n: unknown): Record<string, string> }).getComputedStyle(node)[p]!, prop);
const fontOf = (page: Page, selector: string) =>
  page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).fontFamily`) as Promise<string>;

describe('site styles in Chromium: the broker picks a palette, fonts and a cover in Site settings; the public home page shows them', () => {
  const app = dashboardBrowserApp(async (server) => {
    const record = {
      ListingKey: 'STYLE-1',
      StandardStatus: 'Active',
      ListPrice: 615_000,
      Latitude: 47.61,
      Longitude: -122.33,
      City: 'Seattle',
      PostalCode: '98101',
      UnparsedAddress: '7 Harbor Street',
      BedroomsTotal: 3,
    };
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => record }], { mls: 'E2E', ctx: systemContext() });
    await settle(server);
  });

  it('refuses a palette failing WCAG AA, previews the choices live, saves them; the public site (app and server-rendered, 1366 and 390 px) shows them, axe clean', async () => {
    const broker = await signedInPage(app.browser, app.server, 'broker@demo.test');
    await broker.goto(`${app.server.url}/dashboard?view=site`);
    const settings = broker.getByRole('region', { name: 'Site settings' });
    await settings.getByRole('button', { name: 'Save site settings' }).waitFor();
    await settings.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Realty (demo subdomain)' });
    const panel = settings.getByRole('region', { name: 'Site styles' });
    const save = panel.getByRole('button', { name: 'Save site styles' });
    await save.waitFor();
    const preview = panel.getByRole('figure', { name: 'Preview of the public site' });
    const previewHeader = preview.getByText('Demo Realty', { exact: true });
    const previewBrand = () => computed(previewHeader, 'backgroundColor');
    expect(await previewBrand()).toBe('rgb(11, 107, 87)');

    // Too light for white text: said while typing (the preview follows), refused on save with the ratio.
    await panel.getByRole('radio', { name: 'Custom colours' }).check();
    await panel.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#f5d000');
    await panel
      .getByText(/^The primary colour #f5d000 is too light: .* contrast of 1\.[0-9]:1; WCAG AA asks for at least 4\.5:1/)
      .first()
      .waitFor();
    await expect.poll(previewBrand).toBe('rgb(245, 208, 0)');
    await save.click();
    await panel.getByRole('alert').filter({ hasText: 'The primary colour #f5d000 is too light' }).waitFor();
    expect(await panel.getByRole('textbox', { name: 'Primary colour', exact: true }).getAttribute('aria-invalid')).toBe('true');

    // A curated palette, a font pack and a cover, chosen by keyboard and typing; the preview follows each.
    await panel.getByRole('radio', { name: 'Plum' }).focus();
    await broker.keyboard.press('Space');
    await expect.poll(previewBrand).toBe('rgb(107, 44, 95)');
    await panel.getByRole('radio', { name: /^Classic/ }).check();
    await panel.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(app.browser) });
    await panel.getByRole('status').filter({ hasText: 'Cover image uploaded: save to use it' }).waitFor();
    await panel.getByRole('textbox', { name: 'Headline' }).fill(HEADLINE);
    await panel.getByRole('textbox', { name: 'Sub-line' }).fill(SUBLINE);
    await preview.getByText(HEADLINE).waitFor();
    expect(await computed(preview.locator('.home-cover-headline'), 'fontFamily')).toMatch(/^Charter/);
    expect(await preview.locator('img.home-cover-image').getAttribute('src')).toMatch(/^\/uploads\/[\w.-]+\.png$/);
    expect(await seriousViolations(broker)).toEqual([]);
    await save.click();
    await panel.getByRole('status').filter({ hasText: 'Site styles saved' }).waitFor();
    expect(await panel.getByRole('alert').count()).toBe(0);
    if (SHOTS) await broker.screenshot({ path: `${SHOTS}/site-styles-settings-1366.png`, fullPage: true });
    // On a phone the preview goes under the form, and nothing runs off the screen.
    await broker.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => broker.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const formBox = (await panel.locator('form').boundingBox())!;
    expect((await preview.boundingBox())!.y).toBeGreaterThan(formBox.y + formBox.height - 1);
    const coverSet = (await panel.getByRole('group', { name: 'Home page cover' }).boundingBox())!;
    for (const name of ['Headline', 'Sub-line']) {
      const input = (await panel.getByRole('textbox', { name, exact: true }).boundingBox())!;
      expect(input.x + input.width, name).toBeLessThanOrEqual(coverSet.x + coverSet.width);
    }
    if (SHOTS) await panel.screenshot({ path: `${SHOTS}/site-styles-settings-390.png` });
    // This page's own stylesheet was loaded again: the dashboard is in the new colours at once.
    await expect.poll(() => cssVar(broker, '--brand')).toBe(PALETTES.plum.primary);

    for (const width of [1366, 390]) {
      // The app: the root becomes the search landing, with the cover above the results.
      const visitor = await (await app.browser.newContext({ viewport: { width, height: 900 } })).newPage();
      visitor.setDefaultTimeout(LOAD_MS);
      await visitor.goto(`${app.server.url}/`);
      await visitor.waitForURL(/\/search/);
      const cover = visitor.getByTestId('home-cover');
      await cover.getByText(HEADLINE).waitFor();
      await cover.getByText(SUBLINE).waitFor();
      await visitor.getByText('7 Harbor Street').first().waitFor();
      expect(await cssVar(visitor, '--brand')).toBe(PALETTES.plum.primary);
      expect(await cssVar(visitor, '--accent')).toBe(PALETTES.plum.accent);
      expect(await fontOf(visitor, '.home-cover-headline')).toMatch(/^Charter/);
      expect(await cover.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1200);
      const box = await cover.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      expect(await visitor.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      expect(await seriousViolations(visitor)).toEqual([]);
      if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/site-styles-home-${width}.png` });

      // The server-rendered home page, as a client without the app reads it (its scripts refused; axe still runs through DevTools): the same cover and styles.
      const bareContext = await app.browser.newContext({ viewport: { width, height: 900 } });
      await bareContext.route(/\/assets\/.*\.js$/, (route) => route.abort());
      const bare = await bareContext.newPage();
      bare.setDefaultTimeout(LOAD_MS);
      await bare.goto(`${app.server.url}/`);
      const ssrCover = bare.getByRole('region', { name: 'Welcome' });
      await ssrCover.getByText(HEADLINE).waitFor();
      await ssrCover.getByText(SUBLINE).waitFor();
      expect(await ssrCover.getByRole('link', { name: 'Search homes' }).getAttribute('href')).toBe('/search');
      expect(await cssVar(bare, '--brand')).toBe(PALETTES.plum.primary);
      expect(await fontOf(bare, '.home-cover-headline')).toMatch(/^Charter/);
      expect(await fontOf(bare, 'h1')).toMatch(/^Charter/);
      expect(await computed(bare.locator('.home-cover-text'), 'backgroundColor')).toBe('rgb(107, 44, 95)');
      expect(await seriousViolations(bare)).toEqual([]);
      if (SHOTS) await bare.screenshot({ path: `${SHOTS}/site-styles-ssr-home-${width}.png` });
      await visitor.context().close();
      await bare.context().close();
    }

    // Another site keeps its own styles.
    const jane = await (await app.browser.newContext()).newPage();
    await jane.goto(`http://jane.localhost:${new URL(app.server.url).port}/search`);
    await jane.getByRole('banner').waitFor();
    expect(await cssVar(jane, '--brand')).toBe(PALETTES.harbor.primary);
    expect(await jane.getByTestId('home-cover').count()).toBe(0);
  });
});
