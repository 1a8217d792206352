import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { foldListing, listingStream, type ListingRecord } from '../../src/modules/listings';
import { DEFAULT_MLS_DISCLAIMER } from '../../src/modules/listings';
import { projectRoot } from '../../src/shared/paths';
import { loadZipDirectory } from '../../src/demo/listings';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const run = promisify(execFile);
const FIXTURES = path.join(projectRoot, 'tests', 'fixtures', 'reso');

/**
 * The real-shaped records of tests/fixtures/reso (MLS Grid, Bridge, RESO Web API test payloads,
 * an MRED-like NDJSON feed), imported with `npm run import` as an operator would, into a running
 * server: every record but the two truly broken ones is accepted with the right normalised values,
 * and search, cards and listing pages follow the IDX display rules.
 */
describe('real records through npm run import (issue 14)', () => {
  let db: TestDatabase;
  let server: Started;
  const out: Record<string, { stdout: string; stderr: string }> = {};
  const get = async (p: string) => {
    const res = await fetch(`${server.url}${p}`);
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${server.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const record = async (pdid: string): Promise<ListingRecord> => {
    const state = foldListing(await server.runtime.store.readStream(listingStream(pdid)));
    if (!state.listed) throw new Error(`${pdid} is not listed`);
    return state.record;
  };
  const pdids = (body: { results: { pdid: string }[] }) => body.results.map((c) => c.pdid).sort();

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'import.cli.js');
    const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', TZ: 'Pacific/Auckland' };
    const files: [string, string, string[]][] = [
      ['ACTRIS', 'mls-grid-property-page.json', []],
      ['CRMLS', 'bridge-property-page.json', []],
      ['RESO', 'reso-web-api-test-payload.json', ['--timezone', 'America/Denver']],
      ['MRED', 'mred-like.ndjson', ['--timezone', 'America/Chicago']],
    ];
    for (const [mls, file, extra] of files) out[mls] = await run('node', [cli, '--mls', mls, ...extra, path.join(FIXTURES, file)], { env });
    await server.runtime.runner.waitForCatchUp();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('accepts every record but the truly broken, keeping the summary line exact and telling warnings apart', () => {
    expect(out.ACTRIS!.stdout).toBe('imported 3, changed 0, unchanged 1, rejected 0\n');
    expect(out.CRMLS!.stdout).toBe('imported 3, changed 0, unchanged 0, rejected 0\n');
    expect(out.RESO!.stdout).toBe('imported 2, changed 0, unchanged 0, rejected 1\n');
    expect(out.MRED!.stdout).toBe('imported 5, changed 0, unchanged 0, rejected 1\n');
    // Each rejection names the record, its key and the field.
    expect(out.RESO!.stderr).toMatch(/record 3 \(line \d+\) ListingKey 100003 rejected: StandardStatus is required/);
    expect(out.MRED!.stderr).toMatch(/record 6 \(line 6\) ListingKey MRD11880006 rejected: ListPrice or ClosePrice is required/);
    expect(out.RESO!.stderr).toMatch(/ListingKey 100002 warning: CloseDate is not a date \(got "TBD"\); dropped/);
    expect(out.MRED!.stderr).toMatch(/ListingKey MRD11880001 warning: CloseDate is not a date/);
    expect(out.MRED!.stderr).toMatch(/1 warning \(fields dropped from records that were imported\)/);
    expect(out.CRMLS!.stderr).toMatch(/warning: Latitude and Longitude are 0, 0 \(not geocoded\); dropped/);
  });

  it("normalises what real feeds send: lookup names, strings for numbers and flags, Media order, street parts, timestamps in the feed's zone", async () => {
    expect(await record('RESO-100001')).toMatchObject({
      StandardStatus: 'Active Under Contract',
      PropertySubType: 'Single Family Residence',
      ListPrice: 474_800,
      BedroomsTotal: 3,
      LivingArea: 1788,
      Latitude: 39.75147,
      Longitude: -104.96203,
      locationApproximate: false,
      WaterfrontYN: false,
      PoolPrivateYN: true,
      NewConstructionYN: false,
      ModificationTimestamp: '2024-03-01T15:15:00.000Z',
      photos: ['https://media.example.com/100001/1.jpeg', 'https://media.example.com/100001/2.jpeg', 'https://media.example.com/100001/10.jpeg'],
    });
    // Offsetless timestamps in the feed's zone, whatever the importing machine's (TZ was Auckland).
    expect((await record('RESO-100002')).ModificationTimestamp).toBe('2024-03-02T17:00:00.000Z');
    expect(await record('RESO-100002')).toMatchObject({ StandardStatus: 'Coming Soon', ListPrice: 389_500, CloseDate: null });
    expect(await record('MRED-MRD11880001')).toMatchObject({
      UnparsedAddress: '1847 W Wolfram St',
      ModificationTimestamp: '2024-06-03T19:05:09.120Z',
      CloseDate: null,
      WaterfrontYN: false,
      NewConstructionYN: true,
      ListAgentFullName: 'Theresa Kowalczyk',
      ListAgentMlsId: 'MRD720044',
      ListOfficeMlsId: 'MRD16011',
      ListPrice: 625_000,
      photos: ['https://media.example.org/mred/11880001/0.jpg', 'https://media.example.org/mred/11880001/1.jpg'],
    });
    expect(await record('MRED-MRD11880005')).toMatchObject({
      UnparsedAddress: '2150 N Lincoln Park W #1203',
      ClosePrice: 781_500,
      CloseDate: '2024-05-31',
      ModificationTimestamp: '2024-06-03T17:30:00.000Z',
    });
    expect(await record('ACTRIS-ACT212345601')).toMatchObject({
      photos: [
        'https://media.example.org/actris/ACT212345601/0.jpg',
        'https://media.example.org/actris/ACT212345601/1.jpg',
        'https://media.example.org/actris/ACT212345601/2.jpg',
      ],
      OriginalListPrice: 499_000,
      PreviousListPrice: 485_000,
    });
    expect(await record('ACTRIS-ACT212345604')).toMatchObject({
      PropertyType: 'Residential Lease',
      photos: ['https://media.example.org/actris/ACT212345604/0.jpg'],
    });
    expect(await record('CRMLS-3c5e0a6f1b2d4e8f9a0b1c2d3e4f5a6b')).toMatchObject({ Latitude: 33.65882, Longitude: -117.73491, locationApproximate: false });
    expect((await record('CRMLS-7d1f9e2c3b4a5d6e7f8091a2b3c4d5e6')).UnparsedAddress).toBe('2400 Main St Ste 210');
    // MLS Grid's delete of a listing never seen: nothing to remove.
    expect(await server.runtime.store.readStream(listingStream('ACTRIS-ACT212345603'))).toEqual([]);
  });

  it("opens houses given as OpenHouses, at the feed's local time", async () => {
    const { body } = await get('/api/details/RESO-100002');
    expect(body.openHouses).toEqual([
      { start: '2099-02-14T13:00:00-07:00', end: '2099-02-14T15:00:00-07:00', type: 'Public', remarks: 'Parking in the visitor lot' },
    ]);
  });

  it("places a listing without coordinates at its zip's centre, flagged approximate; without a zip, unmappable but listed by city", async () => {
    const zips = await loadZipDirectory();
    const denver = zips.get('80202')!;
    const { body: comingSoon } = await get('/api/search/result/RESO-100002');
    expect(comingSoon).toMatchObject({ latitude: denver.latitude, longitude: denver.longitude, locationApproximate: true });
    const irvine = zips.get('92602')!;
    expect(await record('CRMLS-a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4')).toMatchObject({
      Latitude: irvine.latitude,
      Longitude: irvine.longitude,
      locationApproximate: true,
    });

    const { body: evanston } = await get('/api/search?city=Evanston');
    expect(evanston.results.map((c: any) => [c.pdid, c.latitude, c.longitude, c.locationApproximate])).toEqual([['MRED-MRD11880004', null, null, true]]);
    expect((await get('/api/search?acl_county=Cook&listingtype=land')).body.total).toBe(1);
    // Not on the map: counted, never pinned.
    const map = await post('/api/search/map', { city: 'Evanston' });
    expect(map.body).toMatchObject({ total: 1, results: { results: [], mapBounds: null } });
    const box = await post('/api/search/map', { minlat: '41', maxlat: '43', minlong: '-89', maxlong: '-87' });
    expect(box.body.results.results.map((p: any) => p.pdid)).not.toContain('MRED-MRD11880004');
  });

  it('finds an approximate listing by city, zip and county, and pins it on the map as approximate', async () => {
    for (const q of ['acl_city=Chicago', 'zip=60611', 'acl_county=Cook']) expect(pdids((await get(`/api/search?${q}`)).body)).toContain('MRED-MRD11880002');
    const map = await post('/api/search/map', { zip: '60611' });
    expect(map.body.results.results).toEqual([expect.objectContaining({ pdid: 'MRED-MRD11880002', locationApproximate: true })]);
  });

  it('hides a street address the MLS does not let be shown, on cards, pages and keyword search', async () => {
    const { body: card } = await get('/api/search/result/MRED-MRD11880002');
    expect(card).toMatchObject({ address: null, city: 'Chicago', zip: '60611' });
    expect((await get('/api/details/MRED-MRD11880002')).body.address).toBeNull();
    expect((await get('/api/search?kw=Ohio')).body.total).toBe(0);
  });

  it('never shows a listing the MLS keeps off the internet: not searched, no card, no page', async () => {
    expect(pdids((await get('/api/search?zip=60614')).body)).toEqual([]);
    expect(pdids((await get('/api/search?zip=60614&soldproperty=1')).body)).toEqual(['MRED-MRD11880005']);
    expect((await get('/api/details/MRED-MRD11880003')).status).toBe(404);
    expect((await get('/api/search/result/MRED-MRD11880003')).status).toBe(404);
    expect((await get('/api/search?mlsid=11880003')).body.total).toBe(0);
  });

  it('searches leases only with forrent=1, priced per month; Active Under Contract and Coming Soon count as on the market', async () => {
    const sale = pdids((await get('/api/search?acl_city=Austin,Irvine')).body);
    expect(sale).toEqual(['ACTRIS-ACT212345601', 'ACTRIS-ACT212345602']);
    const { body: rent } = await get('/api/search?forrent=1&acl_city=Austin,Irvine');
    expect(rent.searchTitle).toBe('Homes for Rent in Austin or Irvine');
    // priceShort keeps the contract's form for every listing; the map's label says the rent is per month.
    expect(rent.results.map((c: any) => [c.pdid, c.price, c.priceShort, c.forRent])).toEqual([
      ['ACTRIS-ACT212345604', 2150, '$2k', true],
      ['CRMLS-7d1f9e2c3b4a5d6e7f8091a2b3c4d5e6', 6500, '$7k', true],
    ]);
    const map = await post('/api/search/map', { forrent: '1', city: 'Austin' });
    expect(map.body.results.results.map((p: any) => [p.priceShort, p.priceLabel])).toEqual([['$2k', '$2.2k/mo']]);
    const saleMap = await post('/api/search/map', { city: 'Austin' });
    expect(saleMap.body.results.results.every((p: any) => !('priceLabel' in p))).toBe(true);
    // RESO's reference records: 100001 Active Under Contract, 100002 Coming Soon (docs/search.md, Which homes a search finds).
    expect(pdids((await get('/api/search?city=Denver')).body).sort()).toEqual(['RESO-100001', 'RESO-100002']);
  });

  it('reduces the price against OriginalListPrice and PreviousListPrice, and shows them in the history', async () => {
    expect(pdids((await get('/api/search?pricereduced=1&city=Austin')).body)).toEqual(['ACTRIS-ACT212345601']);
    const { body } = await get('/api/details/ACTRIS-ACT212345601');
    expect(body.history.map((h: any) => [h.event, h.price])).toEqual([
      ['Listed', 499_000],
      ['Price Reduced', 485_000],
      ['Price Reduced', 474_800],
    ]);
  });

  it('attributes every card and page to its office and agent, with the MLS disclaimer and the time of the last update', async () => {
    const { body } = await get('/api/search?acl_city=Austin&sortby=price-desc');
    expect(body.results.map((c: any) => [c.listOfficeName, c.listAgentName])).toEqual([
      ['Barton Hills Realty', 'Dana Whitfield'],
      ['Crestview Property Group', 'Marisol Ortega'],
    ]);
    expect(body.disclaimers).toEqual([{ mls: 'ACTRIS', text: DEFAULT_MLS_DISCLAIMER, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    const { body: details } = await get('/api/details/CRMLS-7d1f9e2c3b4a5d6e7f8091a2b3c4d5e6');
    expect(details).toMatchObject({
      listOfficeName: 'Pacific Commercial Partners',
      listAgentName: null,
      disclaimer: { mls: 'CRMLS', text: DEFAULT_MLS_DISCLAIMER },
    });
    const split = await post('/api/search/split', { city: 'Chicago' });
    expect(split.body.disclaimers.map((d: any) => d.mls)).toEqual(['MRED']);
  });
});
