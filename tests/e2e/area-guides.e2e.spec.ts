import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { projectRoot } from '../../src/shared/paths';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';
import { signInPage } from '../support/sign-in-page';

const LOAD_MS = 60_000;
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/** A real 2×2 PNG (the upload sniffs the bytes, not the name). */
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const raw = Buffer.from([0, 200, 80, 40, 200, 80, 40, 0, 40, 80, 200, 40, 80, 200]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Area guides in Chromium: the broker writes a guide in the dashboard (text, a photo through the
 * uploads module, the area whose market numbers it shows), saves it, and the public page shows
 * it with the text as plain paragraphs (markup stays text); the area's page links it; deleted in
 * the editor (a confirm dialog, by keyboard), its page is not found and the area's page forgets it. Phone (390 px) and desktop (1366 px).
 */
describe('area guides in the browser', () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(server.runtime.store, items([home('G1', { ListPrice: 600_000 }), home('G2', { ListPrice: 800_000, BedroomsTotal: 4 })]), {
      mls: 'T',
      ctx: systemContext(),
    });
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`at ${viewport.width} px: the broker writes a guide with a photo, the public page shows it, the area page links it; deleted, it is gone`, async () => {
      const page = await app.browser.newPage({ viewport });
      page.setDefaultTimeout(LOAD_MS);
      await page.goto(`${app.server.url}/search`);
      await signInPage(page, demoUser('broker').email);
      await page.goto(`${app.server.url}/dashboard/guides`);
      await page.getByRole('heading', { level: 1, name: 'Area guides' }).waitFor();
      const title = `Living in Seattle at ${viewport.width}`;
      // Saving without a title says so, in place.
      await page.getByRole('button', { name: 'New guide' }).click();
      await page.getByLabel('Name').fill('Seattle');
      await page.getByRole('button', { name: 'Save guide' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('Please give the guide a title');

      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Text').fill('Coffee, ferries and hills.\n\nA <b>bold</b> claim stays text.');
      await page.getByLabel(/Add a photo/).setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: png() });
      await page.getByRole('img', { name: 'Photo 1' }).waitFor();
      await page.getByRole('button', { name: 'Save guide' }).click();
      await page.getByRole('status').getByText('Saved.').waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Your guides' })
          .getByRole('button', { name: new RegExp(title) })
          .count(),
      ).toBe(1);
      await page.screenshot({ path: path.join(projectRoot, '.data', `guide-editor-${viewport.width}.png`), fullPage: true });

      await page.getByRole('link', { name: 'View the public page' }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const article = page.getByRole('article');
      expect(await article.locator('p').first().textContent()).toBe('Coffee, ferries and hills.');
      await article.getByText('A <b>bold</b> claim stays text.').waitFor();
      expect(await article.locator('b').count()).toBe(0);
      await article.getByRole('img', { name: 'Seattle, photo 1' }).waitFor();
      const market = page.getByRole('region', { name: 'The Seattle market in numbers' });
      expect(await market.locator('dd').nth(1).textContent()).toBe('$700,000');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: path.join(projectRoot, '.data', `guide-page-${viewport.width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The page the server renders for search engines, before the app: the same guide.
      const res = await fetch(page.url(), { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`<h1>${title}</h1>`);
      const guidePage = page.url();

      // The area's page links it.
      await page.goto(`${app.server.url}/homes-for-sale/seattle`);
      await page.getByRole('region', { name: 'Guides to Seattle' }).getByRole('link', { name: title }).waitFor();

      // Deleted in the editor, with the keyboard: Escape keeps it, the dialog's button deletes it.
      await page.goto(`${app.server.url}/dashboard/guides`);
      await page
        .getByRole('navigation', { name: 'Your guides' })
        .getByRole('button', { name: new RegExp(title) })
        .click();
      await page.getByRole('button', { name: 'Delete guide' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete this guide?' });
      await dialog.waitFor();
      await page.screenshot({ path: path.join(projectRoot, '.data', `guide-delete-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete guide' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Delete guide' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText(`“${title}” was deleted: its page is gone.`).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Your guides' })
          .getByRole('button', { name: new RegExp(title) })
          .count(),
      ).toBe(0);
      await app.server.runtime.runner.waitForCatchUp();
      expect((await fetch(guidePage, { headers: { accept: 'text/html' } })).status).toBe(404);
      await page.goto(guidePage);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.goto(`${app.server.url}/homes-for-sale/seattle`);
      await page.getByRole('heading', { level: 1, name: 'Homes for sale in Seattle' }).waitFor();
      expect(await page.getByRole('link', { name: title }).count()).toBe(0);
      await page.close();
    });
  }
});
