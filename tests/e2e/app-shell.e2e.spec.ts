import { describe, expect, it } from 'vitest';
import { browserApp } from '../support/browser-app';

describe('the web app in Chromium', () => {
  const app = browserApp({ env: { DEMO_SEED: '1' } });

  it('is served from the same origin as the API and talks to it', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/`);
    // The site root is the search page, whose first search and site settings come from the API.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await page.getByRole('combobox', { name: /City, county, zip/ }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Demo Realty' }).count()).toBe(1);
    // A client-side route survives a reload: the server answers it with the app.
    const res = await page.goto(`${app.server.url}/search/split?city=Seattle`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/Porchlight/);
    await page.close();
  });

  it('answers a path that is no page with 404 and the app’s not-found page, which leads home', async () => {
    const page = await app.browser.newPage();
    const res = await page.goto(`${app.server.url}/no-such-page/here`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Search homes' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await page.getByRole('combobox', { name: /City, county, zip/ }).waitFor();
    await page.close();
  });
});
