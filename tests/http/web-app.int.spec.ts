import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { projectRoot } from '../../src/shared/paths';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** The web app from the same origin (built by `npm test` before the suites run). */
describe('the web app is served beside the API', () => {
  let db: TestDatabase;
  let server: Started;
  const asset = fs.readdirSync(path.join(projectRoot, 'web', 'dist', 'assets')).find((f) => f.endsWith('.js'))!;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves hashed assets for a year, client routes as index.html, and never a file for an API path', async () => {
    const file = await fetch(`${server.url}/assets/${asset}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const route = await fetch(`${server.url}/search/map`, { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<div id="root">');
    // An API path answers as the API does (a JSON 404), never with a page or a file.
    const api = await fetch(`${server.url}/api/assets/${asset}`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(api.headers.get('etag')).toBeNull();
  });

  it("serves a listing's page with the listing entry and every other page with the app's", async () => {
    const entry = async (route: string) =>
      /<script type="module"[^>]* src="\/assets\/([a-z]+)-[\w-]+\.js"/.exec(
        await (await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } })).text(),
      )?.[1];
    // No such listing here: the listing page still draws its own "not available" state.
    expect(await entry('/listing/NO-SUCH-LISTING')).toBe('listing');
    expect(await entry('/listing/NO-SUCH-LISTING/')).toBe('listing');
    expect(await entry('/search/map')).toBe('index');
    expect(await entry('/listing/a/b')).toBe('index');
  });
});
