import { describe, expect, it } from 'vitest';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { signedInContext } from '../support/browser';
import { home, importHomes } from '../organizer/organizer-fixture';
import { browserApp } from '../support/browser-app';

const LOAD_MS = 90_000;

/**
 * Issue 8 end to end in Chromium: a signed-in lead saves a search from the search page's
 * saved-search modal, a matching listing is imported, the instant alert is in the development
 * mailbox, and the organizer page lists the search.
 */
const SHOTS = process.env.SCREENSHOT_DIR;

describe('saved search → import → alert e-mail', () => {
  let cast: Awaited<ReturnType<typeof castOf>>;
  const app = browserApp({
    prepare: async (server) => {
      cast = await castOf(server);
      await importHomes(server, [home('K1', { City: 'Kent', PostalCode: '98032', Latitude: 47.38, Longitude: -122.23, UnparsedAddress: '1 First Ave' })]);
    },
  });

  it('saves from the modal, gets the e-mail for a new matching home, and lists the search in the organizer', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/search?acl_city=Kent`);
    const login = await page.evaluate(
      async (password) =>
        (
          await fetch('/api/account/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ Email: 'lee.lead@demo.test', password }),
          })
        ).status,
      PASSWORD,
    );
    expect(login).toBe(200);
    await page.reload();
    await expect.poll(() => page.locator('ol[aria-label="Search results"] > li').count(), { timeout: LOAD_MS }).toBe(1);

    await page.getByRole('button', { name: 'Save search' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Search name').fill('Kent homes');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    expect(new URL(page.url()).searchParams.get('acl_city')).toBe('Kent');

    await app.server.runtime.runner.waitForCatchUp();
    await importHomes(app.server, [home('K2', { City: 'Kent', PostalCode: '98032', Latitude: 47.39, Longitude: -122.22, UnparsedAddress: '2 Second Ave' })]);
    // The development mailbox page, for staff: the alert as text, the listing's address a link.
    const staff = await signedInContext(app.browser, app.server.url, cast.staff.email, PASSWORD);
    const mailbox = await staff.newPage();
    mailbox.setDefaultTimeout(LOAD_MS);
    const alert = mailbox.getByRole('article', { name: /^New listing: 2 Second Ave, Kent, WA/ });
    await expect
      .poll(
        async () => {
          await mailbox.goto(`${app.server.url}/dev/mailbox`);
          await mailbox.getByRole('heading', { name: 'Development mailbox' }).waitFor();
          await mailbox.waitForLoadState('networkidle');
          return alert.count();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);
    // The listing link is the alert's signed link: it records the opening and lands on the listing.
    const link = alert.getByRole('link', { name: /\/api\/alerts\/[0-9a-f-]{36}\/open\?t=/ });
    expect(await link.count()).toBe(1);
    expect(await alert.textContent()).toContain('to lee.lead@demo.test');
    const href = new URL((await link.getAttribute('href'))!);
    await staff.close();
    // In a browser that is signed out, the link's continue page posts itself (its script runs
    // under the page's nonce) and the lead lands on the listing, signed in.
    const elsewhere = await app.browser.newContext();
    const signedOut = await elsewhere.newPage();
    signedOut.setDefaultTimeout(LOAD_MS);
    await signedOut.goto(`${app.server.url}${href.pathname}${href.search}`);
    await signedOut.waitForURL((u) => u.pathname === '/listing/T-K2');
    expect(await signedOut.evaluate(async () => ((await (await fetch('/api/account/me')).json()) as { email?: string }).email)).toBe('lee.lead@demo.test');
    await elsewhere.close();
    await page.goto(`${app.server.url}${href.pathname}${href.search}`);
    expect(new URL(page.url()).pathname).toBe('/listing/T-K2');
    await page.getByRole('button', { name: '♡ Favourite' }).click();
    await expect.poll(() => page.getByRole('button', { name: '♥ Favourite', pressed: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Your note on this home').fill('Close to the park');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => page.getByText('Note saved.').count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`${app.server.url}/organizer`);
    // The favourite as a card named by its address, linked to the listing.
    await expect.poll(() => page.getByRole('link', { name: '2 Second Ave, Kent, WA 98032' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Close to the park').count()).toBe(1);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name of Kent homes' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('combobox', { name: 'E-mail alerts for Kent homes' }).selectOption('weekly');
    await expect.poll(() => page.getByText('Alert frequency saved.').count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  }, 300_000);

  it('a saved search of a city within a drawn area says so on its row (1366 and 390 px)', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 860 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}/search`);
    const polygonmap = '47.3 -122.3, 47.3 -122.2, 47.45 -122.2, 47.45 -122.3, 47.3 -122.3';
    const saved = await page.evaluate(
      async ({ password, polygonmap }) => {
        await fetch('/api/account/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Email: 'lee.lead@demo.test', password }),
        });
        const res = await fetch('/api/search/savepdq', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Kent drawn', filtersAsString: JSON.stringify({ acl_city: 'Kent', polygonmap }) }),
        });
        return res.status;
      },
      { password: PASSWORD, polygonmap },
    );
    expect(saved).toBe(200);
    await page.goto(`${app.server.url}/organizer`);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: 'Name of Kent drawn' }) });
    await row.getByText('Homes for Sale in Kent').waitFor();
    await row.getByText('Within the area you drew on the map').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-search-drawn-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByText('Within the area you drew on the map').scrollIntoViewIfNeeded();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-search-drawn-phone.png` });
    await page.close();
  });
});
