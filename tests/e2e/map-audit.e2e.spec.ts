import { CommandBus } from '@nestjs/cqrs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { home, importHomes } from '../organizer/organizer-fixture';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';

const LOAD_MS = 90_000;
const HEAVY_TEST_MS = 300_000;
const SHOTS = process.env.E2E_SHOTS;

/**
 * Thirty pairs of homes over the central United States, the two halves of a pair 0.3° apart:
 * where a pair straddles a cell edge at country zoom its two clusters sit a few pixels apart.
 */
const HOMES = Array.from({ length: 30 }, (_, k) => {
  const [lat, lng] = [35 + 1.3 * Math.floor(k / 6), -104 + 1.7 * (k % 6) + 0.11 * k];
  return [0, 0.3].flatMap((d, side) =>
    [0, 1].map((i) =>
      home(`P${k}-${side}-${i}`, {
        Latitude: lat + 0.01 * i,
        Longitude: lng + d,
        ListPrice: 300_000 + k * 1000 + i,
        UnparsedAddress: `${100 + k} Prairie Rd ${side}${i}`,
      }),
    ),
  );
}).flat();

/**
 * The map as the browser audit met it: cluster circles that never overlap at country zoom,
 * 'Draw Custom Search' taking a click while a search runs, the zoom buttons clear of a lead's
 * chat launcher, and land drawn even when the first fetch of the atlas fails.
 */
describe('the search map at country zoom', () => {
  let cast: Awaited<ReturnType<typeof castOf>>;
  const app = browserApp({
    env: { MAP_PIN_CAP: '20' },
    prepare: async (server) => {
      cast = await castOf(server);
      await server.app.get(CommandBus).execute(new ChangeSiteSettingsCommand({ siteId: cast.siteId, changes: { PromptLevel: 0 } }, systemContext()));
      await importHomes(server, HOMES);
    },
  });

  const open = async (path: string, o: { width: number; height: number; signedIn?: boolean; before?: (p: Page) => Promise<unknown> }): Promise<Page> => {
    const page = await app.browser.newPage({ viewport: { width: o.width, height: o.height } });
    page.setDefaultTimeout(LOAD_MS);
    if (o.signedIn) {
      // An inquiry makes the visitor a lead of this site, signed in, with a chat.
      await page.goto(`${app.server.url}/search`);
      const lead = await page.evaluate(async () => {
        const res = await fetch('/api/account/inquiry', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            FullName: 'Mia Map',
            Email: `mia.${Date.now()}@example.com`,
            Phone: '2065550142',
            Message: 'Which of these are near a park?',
            LeadType: 'Buyer',
          }),
        });
        return (await res.json()) as { isSuccess: boolean; leadId: string };
      });
      expect(lead.isSuccess).toBe(true);
      // Jane takes the lead from the office pond: the lead now has an agent to chat with.
      const jane = await app.browser.newContext();
      const headers = { origin: app.server.url };
      await jane.request.post(`${app.server.url}/api/account/login`, { data: { Email: cast.agent.email, password: PASSWORD }, headers });
      const claimed = await jane.request.post(`${app.server.url}/api/dashboard/leads/${lead.leadId}/claim`, { headers });
      expect([200, 409]).toContain(claimed.status());
      await jane.close();
    }
    await o.before?.(page);
    await page.goto(`${app.server.url}${path}`);
    return page;
  };
  const map = (page: Page) => page.getByTestId('search-map');
  const settled = async (page: Page) => {
    await expect.poll(() => map(page).getAttribute('data-loaded'), { timeout: LOAD_MS }).toBe('true');
    await expect.poll(() => map(page).getAttribute('data-loading'), { timeout: LOAD_MS }).toBeNull();
  };
  const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : Promise.resolve());
  const overlaps = async (a: Locator, b: Locator) => {
    const [x, y] = [await a.boundingBox(), await b.boundingBox()];
    return Boolean(x && y && x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height);
  };
  /** The share of the map's pixels in the land colour (#f6f4ef), read from a screenshot. */
  const landShare = async (page: Page) => {
    const png = (await map(page).screenshot()).toString('base64');
    return page.evaluate(async (b64) => {
      // Browser globals the server-side type library does not name.
      type Pixels = {
        drawImage: (b: unknown, x: number, y: number) => void;
        getImageData: (x: number, y: number, w: number, h: number) => { data: Uint8ClampedArray };
      };
      const w = globalThis as unknown as {
        createImageBitmap: (b: Blob) => Promise<{ width: number; height: number }>;
        OffscreenCanvas: new (w: number, h: number) => { getContext: (k: '2d') => Pixels };
      };
      const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
      const bmp = await w.createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new w.OffscreenCanvas(bmp.width, bmp.height).getContext('2d');
      c.drawImage(bmp, 0, 0);
      const d = c.getImageData(0, 0, bmp.width, bmp.height).data;
      let land = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - 0xf6) < 4 && Math.abs(d[i + 1]! - 0xf4) < 4 && Math.abs(d[i + 2]! - 0xef) < 4) land++;
      return land / (d.length / 4);
    }, png);
  };

  for (const [width, height] of [
    [1366, 860],
    [390, 844],
  ] as const) {
    it(
      `draws no two cluster circles overlapping at country zoom (${width} px)`,
      async () => {
        const page = await open('/search/map', { width, height });
        await settled(page);
        expect(Number(await map(page).getAttribute('data-zoom'))).toBeLessThanOrEqual(6);
        expect(Number(await map(page).getAttribute('data-drawn-clusters'))).toBeGreaterThan(1);
        // The smallest room between two drawn circles, at their drawn radii.
        expect(Number(await map(page).getAttribute('data-cluster-gap'))).toBeGreaterThanOrEqual(0);
        await shot(page, `clusters-${width}`);
        await page.close();
      },
      HEAVY_TEST_MS,
    );
  }

  it(
    'turns Draw Custom Search on when clicked while a search runs',
    async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      let holding = false;
      const page = await open('/search/map', {
        width: 1366,
        height: 860,
        before: (p) => p.route('**/api/search/map', async (route) => (holding ? (await held, route.continue()) : route.continue())),
      });
      await settled(page);
      holding = true;
      // A drag with 'search as I move the map' on starts a search.
      const box = (await map(page).boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
      await page.mouse.up();
      await page.getByText('Searching…').waitFor();
      const draw = page.getByRole('button', { name: 'Draw Custom Search' });
      await draw.click();
      await shot(page, 'draw-while-searching');
      release();
      await settled(page);
      await expect.poll(() => page.getByRole('button', { name: 'Drawing...' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByText('Press and drag on the map to draw an area. Esc cancels.').waitFor();
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  for (const [width, height] of [
    [1366, 860],
    [390, 844],
  ] as const) {
    it(
      `keeps the zoom buttons clear of a signed-in lead's chat launcher (${width} px)`,
      async () => {
        const page = await open('/search/map', { width, height, signedIn: true });
        await settled(page);
        const launcher = page.getByRole('button', { name: /^Chat with/ });
        await launcher.waitFor();
        for (const zoom of [page.locator('.maplibregl-ctrl-zoom-in'), page.locator('.maplibregl-ctrl-zoom-out')])
          expect(await overlaps(launcher, zoom)).toBe(false);
        await shot(page, `chat-launcher-${width}`);
        await page.close();
      },
      HEAVY_TEST_MS,
    );
  }

  it(
    'draws land at country zoom when the first fetch of the atlas fails',
    async () => {
      let failed = 0;
      const page = await open('/search/map', {
        width: 1366,
        height: 860,
        before: (p) => p.route(/states-10m[^/]*\.json/, async (route) => (failed++ === 0 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue())),
      });
      await settled(page);
      await expect.poll(() => landShare(page), { timeout: 30_000 }).toBeGreaterThan(0.2);
      expect(failed).toBeGreaterThan(1);
      await shot(page, 'land-after-failed-atlas');
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});
