import { CommandBus } from '@nestjs/cqrs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import { launchBrowser } from './browser';
import { PASSWORD, settle } from './dashboard-fixture';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

export type BrowserApp = { readonly db: TestDatabase; readonly server: Started; readonly browser: Browser };

export type BrowserAppOptions = {
  /** Added to the test configuration; a function when it is known only once earlier hooks ran. */
  readonly env?: Record<string, string> | (() => Record<string, string>);
  /** What the file's tests need on the server (people, homes, settings); the projections catch up after it. */
  readonly prepare?: (server: Started) => Promise<void>;
};

/**
 * What every browser test file starts with, registered as its beforeAll and afterAll: a fresh
 * database, the server on it, `prepare`, then Chromium; all three closed after the file. The
 * fields are there once the beforeAll ran, that is in every test.
 */
export function browserApp(options: BrowserAppOptions = {}): BrowserApp {
  const app = {} as { db: TestDatabase; server: Started; browser: Browser };
  beforeAll(async () => {
    app.db = await createTestDatabase({ migrate: false });
    app.server = await startServer(testConfig(app.db.url, typeof options.env === 'function' ? options.env() : options.env));
    if (options.prepare) {
      await options.prepare(app.server);
      await app.server.runtime.runner.waitForCatchUp();
    }
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
    await app.db?.drop();
  });
  return app;
}

/**
 * The dashboard's browser tests: browserApp with the demo accounts, sites and leads (no demo
 * listings), every lead routed; `more`: what the file needs besides (a few homes, say).
 */
export function dashboardBrowserApp(more?: (server: Started) => Promise<void>, env?: () => Record<string, string>): BrowserApp {
  return browserApp({
    env: () => ({ DEMO_SEED: '0', ...env?.() }),
    prepare: async (server) => {
      await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
      await settle(server);
      await more?.(server);
    },
  });
}
