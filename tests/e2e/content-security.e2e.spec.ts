import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { home, importHomes } from '../organizer/organizer-fixture';
import { castOf } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';

const LOAD_MS = 90_000;
// The smallest PNG: a listing photo "from an MLS host".
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Every Content-Security-Policy violation a page reports: the document's
 * securitypolicyviolation events and Chromium's console lines (which also carry what workers
 * were refused).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  // Browser code as text: the tests are type-checked for Node, which has no DOM.
  await page.addInitScript(
    `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.effectiveDirective + ' ' + e.blockedURI));`,
  );
  return async () => [...((await page.evaluate('window.__csp || []')) as string[]), ...console];
}

/** A stand-in for an online map style: style.json here, its GeoJSON on another origin. */
async function mapStyleHosts() {
  const requests: string[] = [];
  const serve = (handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) => {
    const server = http.createServer((req, res) => {
      requests.push(`${req.headers.host}${req.url}`);
      res.setHeader('Access-Control-Allow-Origin', '*');
      handler(req, res);
    });
    return new Promise<{ server: http.Server; origin: string }>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
    );
  };
  const data = await serve((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-125, 45],
                  [-116, 45],
                  [-116, 49],
                  [-125, 49],
                  [-125, 45],
                ],
              ],
            },
          },
        ],
      }),
    );
  });
  const style = await serve((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({
        version: 8,
        sources: { wa: { type: 'geojson', data: `${data.origin}/wa.geojson` } },
        layers: [
          { id: 'bg', type: 'background', paint: { 'background-color': '#dde8ee' } },
          { id: 'wa', type: 'fill', source: 'wa', paint: { 'fill-color': '#f4f1ea' } },
        ],
      }),
    );
  });
  return { requests, styleUrl: `${style.origin}/style.json`, dataOrigin: data.origin, close: () => [style.server, data.server].forEach((s) => s.close()) };
}

/**
 * Issue 12 §6 in Chromium: the pages work under the CSP (the search map and its maplibre
 * workers, the listing page with an MLS photo, the account pages), nothing is refused, and
 * what the policy does not allow is refused (so the watch above would see a violation).
 */
describe('the web app under its Content-Security-Policy', () => {
  let hosts: Awaited<ReturnType<typeof mapStyleHosts>>;
  beforeAll(async () => {
    hosts = await mapStyleHosts();
  });
  afterAll(() => hosts?.close());
  const app = browserApp({
    prepare: async (server) => {
      await castOf(server);
      await importHomes(server, [
        home('CSP1', { UnparsedAddress: '1 Policy Pl', Media: [{ MediaURL: 'https://photos.mls.example/csp1.png', Order: 1 }] }),
        home('CSP2', { UnparsedAddress: '2 Policy Pl', Latitude: 47.62, Longitude: -122.32 }),
      ]);
    },
  });

  const open = async (path: string) => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(LOAD_MS);
    // The MLS photo host, answered here (the machine has no network): the request is only made if the CSP allows it.
    const photos: string[] = [];
    await page.route('https://photos.mls.example/**', (route) => {
      photos.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    });
    const violations = await watchViolations(page);
    await page.goto(`${app.server.url}${path}`);
    return { page, violations, photos };
  };

  it('the search page with its map, and the listing page with its map and an MLS photo: no violation', async () => {
    const { page, violations, photos } = await open('/search/split?acl_city=Seattle');
    const map = page.getByTestId('search-map');
    await expect.poll(() => map.getAttribute('data-loaded'), { timeout: LOAD_MS }).toBe('true');
    await expect.poll(() => map.getAttribute('data-total'), { timeout: LOAD_MS }).toBe('2');
    await expect.poll(() => page.locator('ol[aria-label="Search results"] > li').count(), { timeout: LOAD_MS }).toBe(2);
    expect(await page.locator('canvas').count()).toBeGreaterThan(0);
    await expect.poll(() => photos.length, { timeout: LOAD_MS }).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);

    await page.goto(`${app.server.url}/listing/T-CSP1`);
    // The map loads once its place nears the screen.
    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
    await page
      .getByRole('region', { name: /Map showing/ })
      .locator('canvas')
      .waitFor();
    await page
      .getByRole('heading', { name: /1 Policy Pl/ })
      .first()
      .waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('the sign-in modal and the account pages: no violation', async () => {
    const { page, violations } = await open('/search');
    await page.getByRole('banner').first().getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByLabel('Email').waitFor();
    await page.goto(`${app.server.url}/account/forgotpassword`);
    await page.getByRole('heading', { name: 'Password recovery' }).waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('the API documentation page (Swagger UI, served by the app) renders: no violation', async () => {
    const { page, violations } = await open('/api/docs');
    // The first operation drawn (past about a hundred, Swagger UI draws only what is on screen, and
    // which comes first follows the document's tag order).
    await page.locator('.opblock-summary-path').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('refuses what the policy does not allow, and the watch sees it: a fetch elsewhere, an inline script, a frame on another site', async () => {
    const { page, violations } = await open('/search');
    await page.getByRole('combobox', { name: /City, county, zip/ }).waitFor();
    const fetched = await page.evaluate(
      async (url) =>
        fetch(url).then(
          () => 'fetched',
          () => 'refused',
        ),
      `${hosts.dataOrigin}/wa.geojson`,
    );
    expect(fetched).toBe('refused');
    await page.evaluate(`(() => { const s = document.createElement('script'); s.textContent = 'window.__inline = true'; document.head.appendChild(s); })()`);
    expect(await page.evaluate('window.__inline === undefined')).toBe(true);
    const seen = await violations();
    expect(seen.some((v) => v.startsWith('connect-src'))).toBe(true);
    expect(seen.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(hosts.requests.filter((r) => r.includes('wa.geojson'))).toEqual([]);
    await page.close();

    // Another site framing the search page (clickjacking) gets an error page instead.
    const framer = await app.browser.newPage();
    await framer.setContent(`<iframe title="framed" src="${app.server.url}/search"></iframe>`);
    const framed = framer.frames()[1]!;
    await framed.waitForLoadState();
    expect(framed.url()).toBe('chrome-error://chromewebdata/');
    await framer.close();
  });
});

describe('the web app under its CSP with Google sign-in and an online map style configured', () => {
  let hosts: Awaited<ReturnType<typeof mapStyleHosts>>;
  beforeAll(async () => {
    hosts = await mapStyleHosts();
  });
  afterAll(() => hosts?.close());
  const app = browserApp({
    env: () => ({ GOOGLE_CLIENT_ID: 'csp-test.apps.googleusercontent.com', MAP_STYLE_URL: hosts.styleUrl, MAP_HOSTS: hosts.dataOrigin }),
    prepare: async (server) => {
      await castOf(server);
      await importHomes(server, [home('G1', { UnparsedAddress: '1 Google Way' })]);
    },
  });

  it("loads the style and its data from the map hosts, and Google's library and button, with no violation", async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(LOAD_MS);
    // Google's library, answered here (no network on this machine); Chromium asks for it only if the CSP allows it.
    const google: string[] = [];
    await page.route('https://accounts.google.com/gsi/**', (route) => {
      const url = route.request().url();
      google.push(url);
      if (url.startsWith('https://accounts.google.com/gsi/client')) {
        return route.fulfill({
          contentType: 'text/javascript',
          body: `window.google = { accounts: { id: {
            initialize() {},
            renderButton(el) {
              const f = document.createElement('iframe');
              f.title = 'Sign in with Google';
              f.src = 'https://accounts.google.com/gsi/button?client_id=csp-test';
              el.appendChild(f);
              const l = document.createElement('link');
              l.rel = 'stylesheet';
              l.href = 'https://accounts.google.com/gsi/style';
              document.head.appendChild(l);
            },
          } } };`,
        });
      }
      if (url.startsWith('https://accounts.google.com/gsi/style')) return route.fulfill({ contentType: 'text/css', body: '' });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google</title><button>Continue with Google</button>' });
    });
    const violations = await watchViolations(page);
    await page.goto(`${app.server.url}/search/split?acl_city=Seattle`);
    await expect.poll(() => page.getByTestId('search-map').getAttribute('data-loaded'), { timeout: LOAD_MS }).toBe('true');
    await expect
      .poll(() => hosts.requests.some((r) => r.endsWith('/style.json')) && hosts.requests.some((r) => r.endsWith('/wa.geojson')), { timeout: LOAD_MS })
      .toBe(true);

    await page.getByRole('banner').first().getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.locator('iframe[title="Sign in with Google"]').waitFor();
    await expect
      .poll(() => page.frameLocator('iframe[title="Sign in with Google"]').getByRole('button', { name: 'Continue with Google' }).count(), { timeout: LOAD_MS })
      .toBe(1);
    expect(google.some((u) => u.startsWith('https://accounts.google.com/gsi/client'))).toBe(true);
    expect(google.some((u) => u.startsWith('https://accounts.google.com/gsi/style'))).toBe(true);
    expect(await violations()).toEqual([]);
    await page.close();
  });
});
