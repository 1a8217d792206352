import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { projectRoot } from '../../src/shared/paths';
import { home, importHomes } from '../organizer/organizer-fixture';
import { castOf } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';
import { clusterPixels } from '../support/map-pixels';

const LOAD_MS = 120_000;
const TEST_MS = 240_000;
/** A style with land only: nothing of it is the clusters' green. */
const STYLE = { version: 8, name: 'slow', sources: {}, layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#efe9dc' } }] };

/** Forty homes in four towns of the central United States: clusters at the map's start. */
const HOMES = Array.from({ length: 40 }, (_, k) =>
  home(`Y${k}`, {
    Latitude: 36 + 2 * (k % 4) + 0.01 * k,
    Longitude: -100 + 3 * (k % 4) + 0.01 * k,
    ListPrice: 250_000 + k * 1000,
    UnparsedAddress: `${10 + k} Prairie Rd`,
  }),
);

/**
 * An online basemap style (MAP_STYLE_URL) served by a real local HTTP server that holds its
 * answer: the map's `load` waits for the style, the results must not. The clusters are drawn
 * (pixels on the screen, not only data) while the style is still unanswered; then the style
 * comes and they stay.
 */
describe('the search map with a slow online style', () => {
  let release: () => void = () => undefined;
  let held = new Promise<void>((r) => (release = r));
  let asked = 0;
  const styleServer = http.createServer((_req, res) => {
    asked += 1;
    void held.then(() => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(STYLE));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => styleServer.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    release();
    styleServer.closeAllConnections();
    await new Promise<void>((r) => styleServer.close(() => r()));
  });

  const app = browserApp({
    env: () => ({ MAP_PIN_CAP: '10', MAP_STYLE_URL: `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/style.json` }),
    prepare: async (server) => {
      const cast = await castOf(server);
      await server.app.get(CommandBus).execute(new ChangeSiteSettingsCommand({ siteId: cast.siteId, changes: { PromptLevel: 0 } }, systemContext()));
      await importHomes(server, HOMES);
    },
  });

  for (const [route, width, height] of [
    ['/search/split', 1366, 860],
    ['/search/map', 390, 844],
  ] as const) {
    it(
      `draws the clusters as soon as the results arrive, before the style answers (${route}, ${width} px)`,
      async () => {
        held = new Promise<void>((r) => (release = r));
        const before = asked;
        const page = await app.browser.newPage({ viewport: { width, height } });
        page.setDefaultTimeout(LOAD_MS);
        const map = page.getByTestId('search-map');
        const results = page.waitForResponse((r) => r.url().includes('/api/search/') && r.status() === 200);
        await page.goto(`${app.server.url}${route}`);
        await results;
        await expect.poll(() => asked, { timeout: LOAD_MS }).toBeGreaterThan(before);
        await expect.poll(async () => Number(await map.getAttribute('data-drawn-clusters')), { timeout: LOAD_MS }).toBeGreaterThan(0);
        // The style is still held: the map has not loaded, and the clusters are on the screen all the same.
        await expect.poll(() => clusterPixels(page, map), { timeout: 60_000 }).toBeGreaterThan(200);
        expect(await map.getAttribute('data-loaded')).toBeNull();
        await page.screenshot({ path: path.join(projectRoot, '.data', `map-slow-style-${width}.png`) });
        release();
        await expect.poll(() => map.getAttribute('data-loaded'), { timeout: LOAD_MS }).toBe('true');
        await expect.poll(() => clusterPixels(page, map), { timeout: 60_000 }).toBeGreaterThan(200);
        await page.close();
      },
      TEST_MS,
    );
  }
});
