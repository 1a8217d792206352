import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings, type ImportItem } from '../../src/modules/listings';
import { testConfig } from '../support/test-config';
import { home } from '../support/reso-home';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const RECORDS = [
  home('A1'),
  home('A2', { ListPrice: 725_000, Latitude: 47.62, Longitude: -122.35, PropertySubType: 'Condominium', UnparsedAddress: '12 Seaview Ave' }),
  home('A3', { ListPrice: 950, City: 'Bellevue', PostalCode: '98004', Latitude: 47.61, Longitude: -122.2 }),
  home('S1', { StandardStatus: 'Closed', ClosePrice: 480_000, CloseDate: '2024-04-01', Latitude: 47.63, Longitude: -122.31 }),
  home('P1', { StandardStatus: 'Pending' }),
  home('S2', {
    StandardStatus: 'Closed',
    ClosePrice: 610_000,
    CloseDate: '2024-03-01',
    City: 'Lake Forest Park',
    PostalCode: '98155',
    Latitude: 47.75,
    Longitude: -122.28,
  }),
];

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

describe('search API (contract section 3)', () => {
  let db: TestDatabase;
  let server: Started;
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, body: (await res.json().catch(() => null)) as any, headers: res.headers };
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { MAP_PIN_CAP: '3' }));
    const ctx = systemContext(new Date('2024-06-01T00:00:00Z'));
    await importListings(server.runtime.store, items(RECORDS), { mls: 'T', ctx });
    // A price drop for A1: "price reduced" and its history.
    await importListings(server.runtime.store, items([home('A1', { ListPrice: 450_000, ModificationTimestamp: '2024-05-20T00:00:00Z' })]), { mls: 'T', ctx });
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('lists Active listings with cards, total, title and a canonical query string', async () => {
    const { status, body } = await get('/api/search?sortby=price-desc&acl_city=Seattle,%20Bellevue');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.results.map((c: any) => c.pdid)).toEqual(['T-A2', 'T-A1', 'T-A3']);
    expect(body.page).toBe(1);
    expect(body.perpage).toBe(24);
    expect(body.searchQs).toBe('acl_city=Bellevue,Seattle&sortby=price-desc');
    expect(body.searchUrl).toBe('/search?acl_city=Bellevue,Seattle&sortby=price-desc');
    expect(body.searchTitle).toBe('Homes for Sale in Bellevue or Seattle');
    const card = body.results[1];
    expect(Object.keys(card).sort()).toEqual(
      [
        'address',
        'baths',
        'beds',
        'city',
        'closeDate',
        'county',
        'forRent',
        'latitude',
        'listAgentName',
        'listDate',
        'listOfficeName',
        'locationApproximate',
        'longitude',
        'mlsid',
        'pdid',
        'photos',
        'price',
        'priceShort',
        'propertyType',
        'sqft',
        'state',
        'status',
        'zip',
      ].sort(),
    );
    expect(card).toMatchObject({ pdid: 'T-A1', mlsid: 'MLA1', price: 450_000, priceShort: '$450k', photos: ['/demo-photos/1.svg', '/demo-photos/2.svg'] });
    expect(body.results[2].priceShort).toBe('$950');
  });

  it('finds sold listings by city with the close price, and price-reduced ones', async () => {
    const sold = await get('/api/search?soldproperty=1&zip=98101');
    expect(sold.body.results.map((c: any) => [c.pdid, c.price, c.status, c.closeDate])).toEqual([['T-S1', 480_000, 'Closed', '2024-04-01']]);
    const reduced = await get('/api/search?pricereduced=1');
    expect(reduced.body.results.map((c: any) => c.pdid)).toEqual(['T-A1']);
  });

  it('answers the map with at most the pin cap, true total, bounds of every match and clusters', async () => {
    const { status, body } = await post('/api/search/map', { minlat: '47', maxlat: '48', minlong: '-123', maxlong: '-122', type: 'map' });
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.results.results).toHaveLength(3);
    expect(body.results.results[0]).toEqual({
      pdid: expect.any(String),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      priceShort: expect.any(String),
      locationApproximate: false,
      inCluster: false,
    });
    expect(body.results.mapBounds).toEqual({ minLat: 47.61, maxLat: 47.62, minLng: -122.35, maxLng: -122.2 });
    expect(body.clusters.reduce((n: number, c: any) => n + c.count, 0)).toBe(3);
    // Every match pinned: every cluster is complete, the map draws the pins.
    expect(body.clusters.every((c: any) => c.complete)).toBe(true);
    // Two pins of three, at a low zoom and a high one: the cells whose every home is pinned show
    // their pins, the rest their clusters with true counts; every match is drawn, at any zoom.
    for (const zoom of ['5', '15']) {
      const fewer = await post('/api/search/map', { perpage: '2', zoom });
      expect(fewer.body.results.results).toHaveLength(2);
      expect(fewer.body.total).toBe(3);
      const clusters = fewer.body.clusters as { count: number; complete: boolean }[];
      const standing = (fewer.body.results.results as { inCluster: boolean }[]).filter((p) => !p.inCluster).length;
      expect(clusters.filter((c) => !c.complete).length).toBeGreaterThan(0);
      expect(standing + clusters.filter((c) => !c.complete).reduce((n, c) => n + c.count, 0)).toBe(3);
      expect(clusters.filter((c) => c.complete).reduce((n, c) => n + c.count, 0)).toBe(standing);
    }
    const none = await post('/api/search/map', { zip: '10001' });
    expect(none.body).toMatchObject({ total: 0, results: { results: [], mapBounds: null } });
    expect((await post('/api/search/map', { perpage: '4' })).body.message).toBe('perpage must be a whole number from 1 to 3 on the map');
  });

  it('answers split with pins and the list page of cards', async () => {
    const { body } = await post('/api/search/split', { sortby: 'price-asc', type: 'split' });
    expect(body.results.results.map((p: any) => p.pdid)).toEqual(['T-A3', 'T-A1', 'T-A2']);
    expect(body.cards.map((c: any) => c.pdid)).toEqual(['T-A3', 'T-A1', 'T-A2']);
    expect(body.results.searchUrl).toBe('/search/split?sortby=price-asc');
  });

  it('gives a card, the details with price and status history, and 404 for unknown listings', async () => {
    expect((await get('/api/search/result/T-P1')).body).toMatchObject({ pdid: 'T-P1', status: 'Pending' });
    expect((await get('/api/search/result/T-NOPE')).status).toBe(404);
    const details = await get('/api/details/T-A1');
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ pdid: 'T-A1', listPrice: 450_000, mls: 'T', listingKey: 'A1' });
    expect(details.body.history).toEqual([
      { at: '2024-05-01', event: 'Listed', price: 500_000, status: 'Active' },
      { at: '2024-05-20T00:00:00.000Z', event: 'Price Reduced', price: 450_000, previousPrice: 500_000, status: 'Active' },
    ]);
    expect((await get('/api/details/T-S1')).body.history.map((h: any) => h.event)).toEqual(['Listed', 'Sold']);
    expect((await get('/api/details/T-NOPE')).status).toBe(404);
  });

  it('gives the result sequence in result order', async () => {
    expect((await post('/api/search/pdids', { sortby: 'price-asc' })).body.pdids).toEqual(['T-A3', 'T-A1', 'T-A2']);
  });

  it('autocompletes by group, with the field each item sets', async () => {
    const { status, body } = await get('/api/search/autocomplete/kw/sea/?IncludeSearches=1');
    expect(status).toBe(200);
    expect(body.groups).toEqual([{ name: 'Cities', groupcount: 1, items: [{ friendlyInputName: 'City', inputName: 'acl_city', value: 'Seattle' }] }]);
    const zip = await get('/api/search/autocomplete/zip/9810/?IncludeSearches=0');
    expect(zip.body.groups[0].items[0]).toEqual({ friendlyInputName: 'Zip Code', inputName: 'acl_zip5', value: '98101' });
    const address = await get('/api/search/autocomplete/address/12%20sea/');
    expect(address.body.groups[0].items[0]).toEqual({ friendlyInputName: 'Address', inputName: 'acl_kw', value: '12 Seaview Ave, Seattle 98101' });
    const byAddress = await get(`/api/search?acl_kw=${encodeURIComponent(address.body.groups[0].items[0].value)}`);
    expect(byAddress.body.results.map((c: any) => c.pdid)).toEqual(['T-A2']);
    const mls = await get('/api/search/autocomplete/mlsid/mla2/');
    expect(mls.body.groups[0].items[0]).toEqual({ friendlyInputName: 'MLS #', inputName: 'mlsid', value: 'MLA2' });
    expect((await get('/api/search?mlsid=mla2')).body.total).toBe(1);
    expect((await get('/api/search/autocomplete/county/king/')).body.groups[0].items[0].value).toBe('King');
    // A name is found by any of its words.
    expect((await get('/api/search/autocomplete/city/forest%20p/')).body.groups[0].items).toEqual([
      { friendlyInputName: 'City', inputName: 'acl_city', value: 'Lake Forest Park' },
    ]);
  });

  it('serves the demo photos and the placeholder as cacheable SVG', async () => {
    const res = await fetch(`${server.url}/demo-photos/42.svg`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toBe(await (await fetch(`${server.url}/demo-photos/42.svg`)).text());
    expect(svg).not.toBe(await (await fetch(`${server.url}/demo-photos/43.svg`)).text());
    expect((await fetch(`${server.url}/demo-photos/placeholder.svg`)).status).toBe(200);
    expect((await fetch(`${server.url}/demo-photos/1000.svg`)).status).toBe(404);
  });

  it('answers every malformed criterion with 400 and the message, never 500', async () => {
    const cases: [string, string][] = [
      ['/api/search?soldproperty=1', 'Please enter a city or zip code to search for sold properties.'],
      ['/api/search?soldproperty=1&acl_county=King', 'Please enter a city or zip code to search for sold properties.'],
      ['/api/search?minprice=abc', 'minprice must be a number'],
      ['/api/search?lat=95&long=1', 'lat must be a number from -90 to 90'],
      ['/api/search?minlat=-91&maxlat=1&minlong=1&maxlong=2', 'minlat must be a number from -90 to 90'],
      ['/api/search?polygonmap=garbage', 'polygonmap must be "lat lng" pairs joined by ", ", the first point repeated at the end, polygons joined by ":"'],
      ['/api/search?polygonmap=47%20-122,%2047.1%20-122,%2047%20-122', 'A polygon needs at least 3 distinct points'],
      ['/api/search?perpage=10000', 'perpage must be a whole number from 1 to 100'],
      ['/api/search?perpage=101', 'perpage must be a whole number from 1 to 100'],
      ['/api/search?sortby=nearest', 'sortby nearest needs lat and long, a map box or a polygon'],
      ['/api/search?listingtype=igloo', 'Unknown listingtype "igloo": use singlefamily, condo, townhouse, multifamily, land, mobile, farm, commercial'],
      ['/api/search?city=a&city=b', 'city is given more than once'],
      ['/api/search?nonsense=1', 'Unknown search field: nonsense'],
      ['/api/search/autocomplete/kw/%20a%20/', 'Please enter at least 2 characters'],
      ['/api/search/autocomplete/kw/a/?IncludeSearches=1', 'Please enter at least 2 characters'],
      ['/api/search/autocomplete/planet/mars/', 'Unknown autocomplete type "planet": use kw, city, county, zip, address, mlsid'],
      ['/api/search/autocomplete/kw/sea/?IncludeSearches=2', 'IncludeSearches must be 1 or 0'],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await get(path);
      expect({ path, status, message: body?.message }).toEqual({ path, status: 400, message });
    }
    const posts: [string, unknown, string][] = [
      ['/api/search/map', { soldproperty: '1' }, 'Please enter a city or zip code to search for sold properties.'],
      ['/api/search/split', { polygonmap: '1 1, 1 1, 2 2, 1 1' }, 'A polygon needs at least 3 distinct points'],
      ['/api/search/map', { type: 'split' }, 'type must be map here'],
      ['/api/search/pdids', { maxprice: 'lots' }, 'maxprice must be a number'],
      ['/api/search/map', ['not', 'an', 'object'], 'The search criteria must be a JSON object'],
    ];
    for (const [path, body, message] of posts) {
      const res = await post(path, body);
      expect({ path, status: res.status, message: res.body?.message }).toEqual({ path, status: 400, message });
    }
  });
});
