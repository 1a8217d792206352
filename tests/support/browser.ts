import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium; flags that give working WebGL (swiftshader) headless on this kind of machine. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What Chromium is launched with (playwright adds --headless itself; Lighthouse's launcher takes it too). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
] as const;

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}; install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * A fresh browser context signed in as this person (through the sign-in API, with the site's
 * Origin as the browser would send it); e.g. staff reading the development mailbox.
 */
export async function signedInContext(browser: Browser, serverUrl: string, email: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const res = await context.request.post(`${serverUrl}/api/account/login`, {
    data: { Email: email, password },
    headers: { origin: new URL(serverUrl).origin },
  });
  if (!res.ok() || (await res.json()).isSuccess !== true) throw new Error(`Sign-in of ${email} failed: ${res.status()}`);
  return context;
}
