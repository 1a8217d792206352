import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { castOf, PASSWORD } from './backoffice-people';
import { launchBrowser } from './browser';
import { properties, TEST_SECRET } from './feed-fixture';
import { ResoServer } from './reso-server';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

/** What a Feeds-tab spec works with, filled in by its beforeAll. */
export type FeedsInBrowser = {
  db: TestDatabase;
  server: Started;
  reso: ResoServer;
  browser: Browser;
  /** A desktop-sized page signed in as the cast's staff member. */
  staffPage(): Promise<Page>;
};

/**
 * A server on its own database with the back-office cast, a RESO stand-in serving `listings`
 * generated properties (the `porchlight` client), and Chromium; stopped after the file.
 * `sweepMs`: the feeds scheduler's sweep (an hour keeps it out of the way).
 */
export function feedsInBrowser(o: { sweepMs: number; listings: number; resoDelayMs?: number }): FeedsInBrowser {
  let cast: Awaited<ReturnType<typeof castOf>>;
  const world = {
    async staffPage(): Promise<Page> {
      const page = await world.browser.newPage({ viewport: { width: 1360, height: 900 } });
      const res = await page.context().request.post(`${world.server.url}/api/account/login`, {
        data: { Email: cast.staff.email, password: PASSWORD },
        headers: { origin: world.server.url },
      });
      expect(((await res.json()) as { isSuccess: boolean }).isSuccess).toBe(true);
      return page;
    },
  } as FeedsInBrowser;
  beforeAll(async () => {
    world.db = await createTestDatabase({ migrate: false });
    world.server = await startServer(testConfig(world.db.url, { SECRET_KEY: TEST_SECRET, FEEDS_SWEEP_MS: String(o.sweepMs) }));
    cast = await castOf(world.server);
    world.reso = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }], ...(o.resoDelayMs ? { delayMs: o.resoDelayMs } : {}) }).start();
    world.reso.put('Property', ...properties(o.listings));
    world.browser = await launchBrowser();
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
    await world.reso?.stop();
    await world.db?.drop();
  });
  return world;
}
