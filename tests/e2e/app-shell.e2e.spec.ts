import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { launchBrowser } from '../support/browser';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('the web app in Chromium', () => {
  let db: TestDatabase;
  let server: Started;
  let browser: Browser;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1' }));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('is served from the same origin as the API and talks to it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    // The site root is the search page, whose first search and site settings come from the API.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await page.getByRole('combobox', { name: /City, county, zip/ }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Demo Realty' }).count()).toBe(1);
    // A client-side route survives a reload: the server answers it with the app.
    const res = await page.goto(`${server.url}/search/split?city=Seattle`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/Porchlight/);
    await page.close();
  });
});
