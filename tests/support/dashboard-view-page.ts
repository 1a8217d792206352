import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { BrowserApp } from './browser-app';
import { signInPage } from './sign-in-page';

/** A phone's window: 390 px wide, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A new browser context (a phone unless `context` says otherwise) signed in as `email` from the
 * site's own origin, on the dashboard's `view` once its heading shows. `permissions`: granted to
 * the server's origin before the page opens (the clipboard, for a Copy button).
 */
export async function openDashboardView(
  app: BrowserApp,
  o: { readonly email: string; readonly view: string; readonly heading: string; readonly context?: BrowserContextOptions; readonly permissions?: string[] },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext(o.context ?? PHONE);
  if (o.permissions) await context.grantPermissions(o.permissions, { origin: app.server.url });
  const page = await context.newPage();
  await page.goto(`${app.server.url}/search`);
  await signInPage(page, o.email);
  await page.goto(`${app.server.url}/dashboard?view=${o.view}`);
  await page.getByRole('heading', { name: o.heading, level: 1 }).waitFor();
  return { context, page };
}
