import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGE_PATHS, INQUIRY_PATHS, SEARCH_PATHS } from '../../src/contract/browser-routes';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

/** Contract section 11, Not found: over HTTP, as a browser and as an API client ask. */
describe('unknown paths', () => {
  let db: TestDatabase;
  let server: Started;
  let browser: WebClient;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    browser = WebClient.for(server.url, 'localhost');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const page = (path: string) => browser.get(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

  it('answer a browser 404 with the app, which draws its not-found page', async () => {
    for (const path of ['/no-such-page', '/dashboard/nope', '/search/list/extra', '/account/login', '/favicon-that-is-not.png', '/sell/now']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.text, path).toContain('<div id="root">');
    }
  });

  it('leave every page of the app at 200, with or without a trailing slash', async () => {
    // ("/" is the home page, rendered by the public pages for the site the host names.)
    for (const path of ['/dashboard', ...SEARCH_PATHS, ...INQUIRY_PATHS, ...ACCOUNT_PAGE_PATHS, '/dashboard/settings/advanced/translations/', '/search/']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<div id="root"');
    }
  });

  it('answer an API client 404 {message}, whatever it accepts', async () => {
    for (const [method, path, accept] of [
      ['GET', '/api/no-such-thing', 'application/json'],
      ['GET', '/api/no-such-thing/123', 'text/html'],
      ['POST', '/api/no-such-thing', 'application/json'],
      ['DELETE', '/api/leads', 'application/json'],
    ] as const) {
      const res = await browser.request(method, path, { headers: { accept }, ...(method === 'POST' ? { json: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(typeof res.body?.message, path).toBe('string');
      expect(Object.keys(res.body), path).toEqual(['message']);
    }
  });
});
