import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { SEATTLE_SCHOOLS_CSV } from '../../src/demo/demo-files';
import { importSchools, readSchoolFile } from '../../src/modules/schools';
import { projectRoot } from '../../src/shared/paths';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { home } from '../support/reso-home';

const LOAD_MS = 60_000;
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/**
 * "Nearby schools" on a listing page in Chromium, from the real NCES sample: a home on E Jefferson
 * St lists Garfield High first with its level, grades and distance; a home in Sacramento says no
 * school is on file near it. Phone (390 px) and desktop (1366 px); axe: no serious issue.
 */
describe('nearby schools on a listing page', () => {
  const app = dashboardBrowserApp(async (server) => {
    const ctx = systemContext();
    const sample = await fs.readFile(SEATTLE_SCHOOLS_CSV, 'utf8');
    await importSchools(server.runtime.store, [readSchoolFile(sample)], { ctx });
    await importListings(
      server.runtime.store,
      items([
        home('S1', { Latitude: 47.6035, Longitude: -122.308, UnparsedAddress: '2200 E Jefferson St', PostalCode: '98122' }),
        home('S2', {
          Latitude: 38.58,
          Longitude: -121.49,
          UnparsedAddress: '900 P St',
          City: 'Sacramento',
          StateOrProvince: 'CA',
          PostalCode: '95814',
          CountyOrParish: 'Sacramento',
        }),
      ]),
      { mls: 'T', ctx },
    );
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`at ${viewport.width} px: the nearest schools with level, grades and distance; an empty state where none is near`, async () => {
      const page = await app.browser.newPage({ viewport });
      page.setDefaultTimeout(LOAD_MS);
      await page.goto(`${app.server.url}/listing/T-S1`);
      const section = page.getByRole('region', { name: 'Nearby schools' });
      await section.getByRole('listitem').first().waitFor();
      const rows = await section.getByRole('listitem').allInnerTexts();
      expect(rows.map((r) => r.split('\n')[0])).toEqual([
        'Garfield High School',
        'Bailey Gatzert Elementary',
        'Cleveland High School STEM',
        'B F Day Elementary School',
      ]);
      expect(rows[0]).toMatch(/High · Grades 9–12\s+0\.\d mi/);
      expect(rows[1]).toMatch(/Elementary · Grades K–5\s+0\.\d mi/);
      // Nothing in the section runs past the phone's edge.
      const box = (await section.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(projectRoot, '.data', `nearby-schools-${viewport.width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${app.server.url}/listing/T-S2`);
      await page.getByRole('region', { name: 'Nearby schools' }).getByText('No public schools within 5 miles of this home are on file.').waitFor();
      await page.close();
    });
  }
});
