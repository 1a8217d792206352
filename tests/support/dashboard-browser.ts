import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Started } from '../../src/main';
import { launchBrowser } from './browser';
import { dashboardServer } from './dashboard-server';

/**
 * dashboardServer (the demo's people and sites, then `prepare`) and Chromium, for a browser test
 * file of the dashboard: both there once the beforeAll ran, both closed after the file.
 */
export function dashboardBrowser(prepare?: (server: Started) => Promise<void>): { readonly server: Started; readonly browser: Browser } {
  const app = dashboardServer(prepare);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return browser!;
    },
  };
}
