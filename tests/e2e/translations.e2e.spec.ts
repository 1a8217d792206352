import { CommandBus } from '@nestjs/cqrs';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { LABELS } from '../../src/modules/translations/catalogue';
import { home, importHomes } from '../organizer/organizer-fixture';
import { seriousViolations } from '../support/axe';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';

const LOAD_MS = 90_000;
const HEAVY_TEST_MS = 300_000;
/** Every label in Spanish is marked, so a string that skipped the catalogue stands out. */
const es = (en: string) => `[es] ${en}`;

/**
 * In the page: every text the search bar, the results header and the navigation show or say to a
 * screen reader (aria-label, placeholder), but data, which is marked translate="no".
 */
const WALK = `(() => {
  const out = [];
  for (const root of document.querySelectorAll('section[aria-label], main header, nav[aria-label]')) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent.trim();
      if (text && !el.closest('[aria-hidden="true"], [translate="no"]') && getComputedStyle(el).display !== 'none') out.push(text);
    }
    for (const el of root.querySelectorAll('[aria-label], [placeholder]')) {
      for (const a of ['aria-label', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  return out;
})()`;

/**
 * Issue 17 part 6 in Chromium: the public site in a language (every catalogue label translated,
 * 'Buscar' on the search button), the walk of the search page's controls against the catalogue
 * (each one's words come from it), the 'lang' cookie (7 days; a session cookie for English), and
 * a translation cleared in the back-office.
 */
describe('translations on the public site', () => {
  let cast: Awaited<ReturnType<typeof castOf>>;
  const app = browserApp({
    prepare: async (server) => {
      cast = await castOf(server);
      await server.app.get(CommandBus).execute(new ChangeSiteSettingsCommand({ siteId: cast.siteId, changes: { PromptLevel: 0 } }, systemContext()));
      await importHomes(
        server,
        Array.from({ length: 30 }, (_, i) => home(`T${i}`, { Latitude: 47.6 + 0.002 * i, Longitude: -122.33, UnparsedAddress: `${i + 1} Lang St` })),
      );
    },
  });

  let staff: BrowserContext;
  const staffApi = (): APIRequestContext => staff.request;
  const translate = async (transId: string, text: string) => {
    const res = await staffApi().post(`${app.server.url}/api/backoffice/translations`, {
      data: { language: 'es', transId, text },
      headers: { origin: app.server.url },
    });
    expect(res.status()).toBe(200);
  };
  const open = async (path: string, context?: BrowserContext): Promise<Page> => {
    const page = context ? await context.newPage() : await app.browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${app.server.url}${path}`);
    return page;
  };

  it(
    'shows the search page in Spanish: every control of the search bar and filters in the catalogue’s words',
    async () => {
      staff = await signedInContext(app.browser, app.server.url, cast.staff.email, PASSWORD);
      for (const l of LABELS) await translate(l.id, l.id === 'search.submit' ? 'Buscar' : es(l.en));
      await app.server.runtime.runner.waitForCatchUp();

      const page = await open('/search?acl_city=Seattle&lang=es');
      const submit = page.getByRole('button', { name: 'Buscar' });
      await submit.waitFor();
      expect(await page.evaluate('document.documentElement.lang')).toBe('es');
      await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByRole('group', { name: es('Filters') }).waitFor();
      await expect.poll(() => page.locator('ol > li article').count(), { timeout: LOAD_MS }).toBeGreaterThan(0);

      // The walk: every word the search bar, the filters and the results header show or say to a
      // screen reader is a catalogue label (data aside: the place picked, counts and prices).
      const words = (await page.evaluate(WALK)) as string[];
      const isData = (w: string) =>
        /^[\d$.,+–—·\s]*(k|M|\/mo)?[\d$.,+–—·\s]*$/.test(w) || /Seattle/.test(w) || w.startsWith('Homes for Sale in ') || /^\[es\] \d/.test(w);
      const untranslated = [...new Set(words)].filter((w) => !w.startsWith('[es] ') && w !== 'Buscar' && !isData(w));
      expect(untranslated).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // The cookie keeps the language for 7 days: a page without ?lang= is still in Spanish.
      const cookie = (await page.context().cookies()).find((c) => c.name === 'lang')!;
      expect(cookie.value).toBe('es');
      expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
      expect(cookie.expires * 1000 - Date.now()).toBeLessThan(7.1 * 24 * 3600_000);
      await page.goto(`${app.server.url}/search`);
      await page.getByRole('button', { name: 'Buscar' }).waitFor();
      // English is a session cookie.
      await page.goto(`${app.server.url}/search?lang=en`);
      await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
      const english = (await page.context().cookies()).find((c) => c.name === 'lang')!;
      expect(english.value).toBe('en');
      expect(english.expires).toBe(-1);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it(
    'a listing page in Spanish, and a translation cleared in the back-office gives the English back',
    async () => {
      const page = await open('/listing/T-T1?lang=es');
      await page.getByRole('heading', { name: es('Price and status history') }).waitFor();
      expect(await page.getByRole('heading', { name: es('Facts') }).count()).toBe(1);

      const editor = await open('/dashboard/settings/advanced/translations/?language=en&translang=es&transid=search.submit', staff);
      await editor.getByRole('button', { name: 'Clear search.submit in es' }).click();
      await editor.getByRole('button', { name: 'Clear search.submit in es' }).waitFor({ state: 'detached' });
      await app.server.runtime.runner.waitForCatchUp();
      await page.goto(`${app.server.url}/search?lang=es`);
      await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
      // The filter bar renders after the search button; wait for it rather than count at once.
      await page.getByRole('button', { name: es('Filters') }).waitFor();
      expect(await page.getByRole('button', { name: es('Filters') }).count()).toBe(1);
      await editor.close();
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it(
    'shows the sign-in modal in Spanish: its title, labels and the sign-up tab’s inquiry form',
    async () => {
      const page = await open('/search?showSignIn=1&lang=es');
      const dialog = page.getByRole('dialog', { name: es('Sign in') });
      await dialog.waitFor();
      await dialog.getByLabel(es('Email')).waitFor();
      await dialog.getByLabel(es('Password')).waitFor();
      expect(await dialog.getByRole('link', { name: es('Forgot your password?') }).count()).toBe(1);
      await dialog.getByRole('tab', { name: es('Sign up') }).click();
      await page
        .getByRole('dialog', { name: es('Create an account') })
        .getByLabel(es('Full name'))
        .waitFor();
      expect(await page.getByRole('button', { name: es('Create account') }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
  it(
    'a city page in Spanish: the server’s page without JavaScript, and the same words once the app has taken over',
    async () => {
      const served = await (await fetch(`${app.server.url}/homes-for-sale/seattle?lang=es`, { headers: { accept: 'text/html' } })).text();
      expect(served).toMatch(/<html lang="es"/);
      expect(served).toContain(`<h1>${es('Homes for sale in {place}').replace('{place}', 'Seattle')}</h1>`);
      const page = await open('/homes-for-sale/seattle?lang=es');
      await page.locator('#ssr').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(es('Homes for sale in {place}').replace('{place}', 'Seattle'));
      expect(await page.getByRole('heading', { level: 2, name: es('The {place} market in numbers').replace('{place}', 'Seattle') }).count()).toBe(1);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});
