import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { parseSearchRequest } from './search-request';
import { importSearchDataset, referenceListings } from '../../tests/support/search-dataset';
import { clusterCell, mappable, type ReferenceListing, referenceClusterMeans, referenceMatches, referenceOrder } from '../../tests/support/search-reference';
import type { Cluster } from './search-index.port';
import { isLease, type ListingRecord } from '../../src/modules/listings/listings.events';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { type Projection, ProjectionRunner } from '../runner';
import type { SearchIndex } from './search-index.port';
import { PostgresSearchIndex } from './postgres/postgres-search-index';

/** An adapter under test: the projections that feed it (run over the imported listings) and the index to ask. */
export type ReferenceAdapter = {
  readonly projections: readonly Projection[];
  readonly index: SearchIndex;
  /** Run once the projections have caught up, before the first criteria: an instance that starts on the loaded database. */
  readonly ready?: () => Promise<void>;
};

/**
 * The reference test of issue 3, for every SearchIndex adapter: random criteria through the
 * index and through a brute-force filter written from the contract's words, over the same
 * imported listings: same totals, same order, same pins, bounds and cluster counts.
 */
export function searchIndexConformance(
  name: string,
  adapter: (env: { db: TestDatabase; store: PostgresEventStore }) => Promise<ReferenceAdapter>,
  cleanup: () => Promise<void> = async () => undefined,
): void {
  describe(`${name} search index against the reference`, () => {
    let db: TestDatabase;
    let store: PostgresEventStore;
    let runner: ProjectionRunner;
    let index: SearchIndex;
    let listings: ReferenceListing[];
    /** The listings with a point, as records whose point is known: map criteria are drawn around them. */
    let placed: (ListingRecord & { Latitude: number; Longitude: number })[];
    /** Pins, bounds and clusters come from the matches with a point. */
    const bounds = (expected: readonly ReferenceListing[]) => {
      const on = expected.filter(mappable).map((l) => l.record);
      if (on.length === 0) return null;
      const lats = on.map((r) => r.Latitude!);
      const lngs = on.map((r) => r.Longitude!);
      return { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLng: Math.min(...lngs), maxLng: Math.max(...lngs) };
    };

    /**
     * Clusters keyed by their cell: the count exactly, the mean position to 1e-9° (an index sums in
     * its own order: the last bits of a mean may differ).
     */
    const clustersByCell = (clusters: readonly Cluster[], level: number) =>
      Object.fromEntries(
        clusters.map((c) => [clusterCell({ lat: c.latitude, lng: c.longitude }, level), { count: c.count, latitude: c.latitude, longitude: c.longitude }]),
      );
    const expectedClusters = (expected: readonly ReferenceListing[], level: number) =>
      Object.fromEntries(
        [...referenceClusterMeans(expected, level)].map(([k, c]) => [
          k,
          { count: c.count, latitude: expect.closeTo(c.latitude, 9), longitude: expect.closeTo(c.longitude, 9) },
        ]),
      );

    beforeAll(async () => {
      db = await createTestDatabase();
      store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
      await importSearchDataset(store, { kingCounty: 2500, generated: 2500 });
      const under = await adapter({ db, store });
      runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: under.projections, batchSize: 700 });
      runner.start();
      await runner.waitForCatchUp(120_000);
      await under.ready?.();
      index = under.index;
      listings = await referenceListings(store);
      placed = listings.filter(mappable).map((l) => l.record as ListingRecord & { Latitude: number; Longitude: number });
    }, 240_000);
    afterAll(async () => {
      await runner?.stop();
      await cleanup();
      await store?.close();
      await db?.drop();
    });

    const criteria = () => {
      const pick = <T>(list: readonly T[]) => fc.integer({ min: 0, max: list.length - 1 }).map((i) => list[i]!);
      const anchor = pick(placed);
      const fmt = (n: number) => String(Math.round(n * 1e7) / 1e7 + 1.3e-8);
      const cities = [...new Set(listings.map((l) => l.record.City).filter((c): c is string => !!c))];
      const zips = [...new Set(listings.map((l) => (l.record.PostalCode ?? '').slice(0, 5)).filter((z) => /^\d{5}$/.test(z)))];
      const counties = [...new Set(listings.map((l) => l.record.CountyOrParish).filter((c): c is string => !!c))];
      /** Given once in `odds` runs: most criteria combine a few filters, as people search. */
      const maybe = <T>(arb: fc.Arbitrary<T>, odds = 7) => fc.oneof({ arbitrary: fc.constant(undefined), weight: odds - 1 }, { arbitrary: arb, weight: 1 });
      const ring = (lat: number, lng: number, size: number, n: number, seed: number) => {
        const pts = Array.from({ length: n }, (_, i) => {
          const a = (2 * Math.PI * i) / n + ((seed * (i + 1)) % 7) / 10;
          const r = size * (0.4 + (((seed * 13 + i * 7) % 10) / 10) * 0.8);
          return `${fmt(lat + r * Math.sin(a))} ${fmt(lng + r * Math.cos(a) * 1.4)}`;
        });
        return [...pts, pts[0]].join(', ');
      };
      // Most criteria are built around one listing, as a visitor searches near what they want.
      return anchor
        .chain((home) => {
          const homePrice = (home.StandardStatus === 'Closed' ? home.ClosePrice : home.ListPrice) ?? 300_000;
          const near = fc.oneof({ arbitrary: fc.constant(home), weight: 3 }, { arbitrary: anchor, weight: 1 });
          return fc.record({
            place: fc.oneof(
              fc.constant({}),
              fc.tuple(near, fc.double({ min: 0.005, max: 4, noNaN: true }), fc.double({ min: 0.005, max: 4, noNaN: true })).map(([a, h, w]) => ({
                minlat: fmt(a.Latitude - h),
                maxlat: fmt(a.Latitude + h / 2),
                minlong: fmt(a.Longitude - w / 2),
                maxlong: fmt(a.Longitude + w),
              })),
              // A box whose edges go through listings: inclusive on every side.
              fc.tuple(near, anchor).map(([a, b]) => ({
                minlat: String(Math.min(a.Latitude, b.Latitude)),
                maxlat: String(Math.max(a.Latitude, b.Latitude)),
                minlong: String(Math.min(a.Longitude, b.Longitude)),
                maxlong: String(Math.max(a.Longitude, b.Longitude)),
              })),
              fc
                .tuple(
                  fc.array(fc.tuple(near, fc.double({ min: 0.01, max: 1.5, noNaN: true }), fc.integer({ min: 3, max: 9 }), fc.nat(50)), {
                    minLength: 1,
                    maxLength: 3,
                  }),
                )
                .map(([polys]) => ({
                  polygonmap: polys.map(([a, sz, n, seed]) => ring(a.Latitude, a.Longitude, sz, n, seed)).join(':'),
                })),
              // Drawn over a region or most of the country, up to the limit of points: map cells wholly inside are taken whole.
              fc.tuple(near, fc.double({ min: 2, max: 25, noNaN: true }), fc.integer({ min: 10, max: 99 }), fc.nat(50)).map(([a, sz, n, seed]) => ({
                polygonmap: ring(a.Latitude, a.Longitude, sz, n, seed),
              })),
              // A corner on a listing, edges near others.
              fc.tuple(near, anchor).map(([a, b]) => ({
                polygonmap: [
                  [a.Latitude, a.Longitude],
                  [a.Latitude + 0.5, a.Longitude],
                  [b.Latitude, b.Longitude + 0.7],
                  [a.Latitude, a.Longitude],
                ]
                  .map(([lat, lng]) => `${lat} ${lng}`)
                  .join(', '),
              })),
              fc.tuple(near, fc.double({ min: 0.3, max: 150, noNaN: true }), fc.double({ min: -0.05, max: 0.05, noNaN: true })).map(([a, miles, d]) => ({
                radius: fmt(miles),
                lat: fmt(a.Latitude + d),
                long: fmt(a.Longitude - d),
              })),
            ),
            where: fc.oneof(
              { arbitrary: fc.constant({}), weight: 2 },
              fc
                .array(
                  near.map((a) => a.City ?? 'Nowhere'),
                  { minLength: 1, maxLength: 3 },
                )
                .map((c) => ({ city: c.map((x, i) => (i % 2 ? x.toUpperCase() : ` ${x}`)).join(',') })),
              fc.array(pick(cities), { minLength: 1, maxLength: 2 }).map((c) => ({ acl_city: [home.City ?? 'Nowhere', ...c].join(', ') })),
              fc
                .array(
                  near.map((a) => (a.PostalCode ?? '00000').slice(0, 5)),
                  { minLength: 1, maxLength: 3 },
                )
                .map((z) => ({ zip: z.filter((x) => /^\d{5}$/.test(x)).join(',') || '00000' })),
              pick(zips).map((z) => ({ acl_zip5: z })),
            ),
            home: fc.constant(home),
            sold: fc.integer({ min: 0, max: 9 }).map((d) => (home.StandardStatus === 'Closed' ? d > 0 : d === 0)),
            rent: fc
              .integer({ min: 0, max: 9 })
              .map((d) => (home.PropertyType === 'Residential Lease' || home.PropertyType === 'Commercial Lease' ? d > 0 : d === 0)),
            county: maybe(
              fc
                .tuple(fc.oneof(fc.constant(home.CountyOrParish ?? 'King'), fc.constant(home.CountyOrParish ?? 'King'), pick(counties)), fc.boolean())
                .map(([c, suffix]) => (suffix ? `${c} county` : c.toUpperCase())),
              8,
            ),
            kw: maybe(
              fc
                .nat(3)
                .map((k) => [home.UnparsedAddress?.split(' ')[1] ?? 'main', home.City ?? '', home.PostalCode ?? '', home.ListingId ?? ''][k]!)
                .filter((x) => /[a-z0-9]/i.test(x)),
              6,
            ),
            mlsid: maybe(fc.constant((home.ListingId ?? 'x').toLowerCase()), 12),
            // Bounds are inclusive: they often sit exactly on a listing's price or size.
            minprice: maybe(
              fc.oneof(
                fc.constant(String(homePrice)),
                fc.double({ min: 0, max: 1.1, noNaN: true }).map((f) => String(Math.round(homePrice * f))),
              ),
            ),
            maxprice: maybe(
              fc.oneof(
                fc.constant(String(homePrice)),
                fc.double({ min: 0.9, max: 3, noNaN: true }).map((f) => String(Math.round(homePrice * f))),
              ),
            ),
            beds: maybe(fc.integer({ min: 0, max: 5 }).map(String)),
            baths: maybe(fc.integer({ min: 0, max: 3 }).map(String)),
            minsqft: maybe(fc.oneof(fc.constant(String(home.LivingArea ?? 1000)), fc.integer({ min: 0, max: 2500 }).map(String)), 6),
            maxsqft: maybe(fc.oneof(fc.constant(String(home.LivingArea ?? 1000)), fc.integer({ min: 800, max: 6000 }).map(String)), 6),
            listingtype: maybe(
              fc
                .subarray(['singlefamily', 'condo', 'townhouse', 'multifamily', 'land', 'mobile', 'farm', 'commercial'], { minLength: 1, maxLength: 3 })
                .map((t) => t.join(',')),
            ),
            tags: fc.oneof(
              { arbitrary: fc.constant([] as string[]), weight: 5 },
              {
                arbitrary: fc.subarray(['waterfront', 'view', 'pool', 'newconstruction', 'pricereduced', 'openhouse'], { minLength: 1, maxLength: 2 }),
                weight: 1,
              },
            ),
            sortby: fc.constantFrom('newest', 'price-asc', 'price-desc', 'beds-desc', 'sqft-desc', 'nearest', undefined),
            page: fc.integer({ min: 1, max: 3 }),
            perpage: fc.integer({ min: 1, max: 60 }),
            level: fc.integer({ min: 3, max: 16 }),
          });
        })
        .map((r) => {
          const raw: Record<string, string> = { ...r.place, ...r.where, page: String(r.page), perpage: String(r.perpage) };
          if (r.sold) {
            // Sold searches need a city or a zip (contract section 3).
            if (Object.keys(r.where).length === 0) raw.city = r.home.City ?? 'Seattle';
            raw.soldproperty = '1';
          }
          if (r.rent) raw.forrent = '1';
          for (const f of ['minprice', 'maxprice', 'beds', 'baths', 'minsqft', 'maxsqft', 'listingtype', 'kw', 'mlsid'] as const)
            if (r[f] !== undefined) raw[f] = r[f]!;
          if (r.county !== undefined) raw.acl_county = r.county;
          for (const t of r.tags) raw[t] = '1';
          const origin = raw.lat !== undefined || raw.minlat !== undefined || raw.polygonmap !== undefined;
          if (r.sortby && (r.sortby !== 'nearest' || origin)) raw.sortby = r.sortby;
          return { raw, level: r.level };
        });
    };

    it('gives the same totals, order, pins, bounds and cluster counts for hundreds of random criteria', async () => {
      let nonEmpty = 0;
      await fc.assert(
        fc.asyncProperty(criteria(), async ({ raw, level }) => {
          const req = parseSearchRequest(raw, 'list');
          const expected = referenceOrder(referenceMatches(listings, raw), raw);
          const perpage = Number(raw.perpage);
          const page = await index.search(req.criteria, { offset: (req.page - 1) * perpage, limit: perpage });
          expect(page.total).toBe(expected.length);
          expect(page.pdids).toEqual(expected.slice((req.page - 1) * perpage, req.page * perpage).map((l) => l.pdid));
          const cards = await index.page(req.criteria, { offset: (req.page - 1) * perpage, limit: perpage });
          expect({ total: cards.total, pdids: cards.listings.map((l) => l.pdid) }).toEqual(page);
          const map = await index.map(req.criteria, { pins: perpage, clusterLevel: level });
          expect(map.total).toBe(expected.length);
          expect(map.pins.map((p) => p.pdid)).toEqual(
            expected
              .filter(mappable)
              .slice(0, perpage)
              .map((l) => l.pdid),
          );
          expect(map.bounds).toEqual(bounds(expected));
          if (expected.length > 0) nonEmpty++;
          expect(clustersByCell(map.clusters, level)).toEqual(expectedClusters(expected, level));
        }),
        { numRuns: 400, seed: 20241121, endOnFailure: true },
      );
      // The criteria must mostly find something, or the comparison proves little.
      expect(nonEmpty).toBeGreaterThan(150);
    }, 600_000);

    it('gives the same answers for viewport-only searches, which are counted from the cell aggregates', async () => {
      const lats = placed.map((r) => r.Latitude);
      const lngs = placed.map((r) => r.Longitude);
      const box = fc.oneof(
        fc.constant({}),
        fc
          .tuple(
            fc.integer({ min: 0, max: placed.length - 1 }),
            fc.double({ min: 0.01, max: 30, noNaN: true }),
            fc.double({ min: 0.01, max: 40, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
          )
          .map(([i, h, w, skew]) => {
            const r = placed[i]!;
            const clamp = (v: number, m: number) => String(Math.max(-m, Math.min(m, v)));
            return {
              minlat: clamp(r.Latitude - h * skew, 90),
              maxlat: clamp(r.Latitude + h * (1 - skew), 90),
              minlong: clamp(r.Longitude - w * skew, 180),
              maxlong: clamp(r.Longitude + w * (1 - skew), 180),
            };
          }),
        fc.constant({
          minlat: String(Math.min(...lats)),
          maxlat: String(Math.max(...lats)),
          minlong: String(Math.min(...lngs)),
          maxlong: String(Math.max(...lngs)),
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          box,
          fc.constantFrom('newest', 'price-asc', 'price-desc', 'beds-desc', 'sqft-desc', 'nearest'),
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 1, max: 100 }),
          fc.integer({ min: 0, max: 16 }),
          fc.integer({ min: 0, max: 5 }),
          async (b, sort, pageNo, perpage, level, rent) => {
            // Nearest measures from the box's centre, so it needs a box.
            const sortby = sort === 'nearest' && !('minlat' in b) ? 'newest' : sort;
            const raw: Record<string, string> = { ...b, sortby, page: String(pageNo), perpage: String(perpage), ...(rent === 0 ? { forrent: '1' } : {}) };
            const req = parseSearchRequest(raw, 'map');
            const expected = referenceOrder(referenceMatches(listings, raw), raw);
            const page = await index.search(req.criteria, { offset: (pageNo - 1) * perpage, limit: perpage });
            expect(page.total).toBe(expected.length);
            expect(page.pdids).toEqual(expected.slice((pageNo - 1) * perpage, pageNo * perpage).map((l) => l.pdid));
            const map = await index.map(req.criteria, { pins: perpage, clusterLevel: level });
            expect(map.total).toBe(expected.length);
            expect(map.pins.map((p) => p.pdid)).toEqual(
              expected
                .filter(mappable)
                .slice(0, perpage)
                .map((l) => l.pdid),
            );
            expect(map.bounds).toEqual(bounds(expected));
            expect(clustersByCell(map.clusters, level)).toEqual(expectedClusters(expected, level));
          },
        ),
        { numRuns: 150, seed: 7, endOnFailure: true },
      );
    }, 600_000);

    it('finds the listings with an open house from today on, alone and with places, prices, sorts and statuses', async () => {
      const anchors = listings.filter((l) => l.openHouses.length > 0 && mappable(l)).filter((_, i) => i % 4 === 0);
      const sorts = ['newest', 'price-asc', 'price-desc', 'beds-desc', 'sqft-desc', 'nearest'];
      let found = 0;
      for (const [i, { record }] of anchors.entries()) {
        const a = record as ListingRecord & { Latitude: number; Longitude: number };
        const place: Record<string, string> = [
          { minlat: String(a.Latitude - 1), maxlat: String(a.Latitude + 1), minlong: String(a.Longitude - 1.5), maxlong: String(a.Longitude + 1.5) },
          { radius: '40', lat: String(a.Latitude), long: String(a.Longitude) },
          a.StandardStatus === 'Closed' ? { acl_city: a.City ?? 'Nowhere', soldproperty: '1' } : { acl_city: a.City ?? 'Nowhere' },
        ][i % 3]!;
        const raw: Record<string, string> = {
          openhouse: '1',
          ...place,
          sortby: sorts[i % sorts.length]!,
          perpage: '50',
          ...(i % 5 === 0 ? { maxprice: String(a.ListPrice ?? 500_000) } : {}),
        };
        if (raw.sortby === 'nearest' && !('lat' in raw || 'minlat' in raw)) raw.sortby = 'newest';
        const expected = referenceOrder(referenceMatches(listings, raw), raw);
        const req = parseSearchRequest(raw, 'list');
        const got = await index.search(req.criteria, { offset: 0, limit: 50 });
        expect({ raw, total: got.total, pdids: got.pdids }).toEqual({ raw, total: expected.length, pdids: expected.slice(0, 50).map((l) => l.pdid) });
        const map = await index.map(req.criteria, { pins: 50, clusterLevel: 8 });
        expect(map.total).toBe(expected.length);
        found += expected.length > 0 ? 1 : 0;
      }
      const all = await index.search(parseSearchRequest({ openhouse: '1', perpage: '100' }, 'list').criteria, { offset: 0, limit: 100 });
      expect(all.pdids).toEqual(
        referenceOrder(referenceMatches(listings, { openhouse: '1' }), {})
          .slice(0, 100)
          .map((l) => l.pdid),
      );
      expect(found).toBeGreaterThan(5);
    }, 120_000);

    it('covers both statuses, every listing type, the tags and open houses in the data it compares', () => {
      const statuses = new Set(listings.map((l) => l.record.StandardStatus));
      expect([...statuses].sort()).toEqual(['Active', 'Active Under Contract', 'Closed', 'Pending']);
      const reduced = referenceMatches(listings, { pricereduced: '1' });
      expect(reduced.length).toBeGreaterThan(20);
      for (const t of ['singlefamily', 'condo', 'townhouse', 'multifamily', 'land', 'mobile', 'farm', 'commercial']) {
        expect(referenceMatches(listings, { listingtype: t }).length, t).toBeGreaterThan(0);
      }
      // Open houses to come and gone, public and broker, cancelled and changed: some match, most do not.
      const withOpenHouses = listings.filter((l) => l.openHouses.length > 0 && l.record.StandardStatus === 'Active');
      const open = referenceMatches(listings, { openhouse: '1' });
      expect(open.length).toBeGreaterThan(20);
      expect(withOpenHouses.length).toBeGreaterThan(open.length * 2);
    });

    it('covers the records of real feeds: at a zip centre, without a point, leases for rent and rented, hidden, address hidden', () => {
      const shown = listings.filter((l) => l.record.InternetEntireListingDisplayYN !== false);
      expect(shown.filter((l) => l.record.locationApproximate && mappable(l)).length).toBeGreaterThan(50);
      expect(referenceMatches(listings, {}).filter((l) => !mappable(l)).length).toBeGreaterThan(20);
      expect(referenceMatches(listings, { forrent: '1' }).length).toBeGreaterThan(50);
      expect(referenceMatches(listings, { forrent: '1', soldproperty: '1', city: 'x' }).length).toBe(0);
      expect(shown.filter((l) => l.record.PropertyType === 'Residential Lease' && l.record.StandardStatus === 'Closed').length).toBeGreaterThan(10);
      expect(listings.filter((l) => l.record.InternetEntireListingDisplayYN === false).length).toBeGreaterThan(50);
      expect(referenceMatches(listings, {}).filter((l) => l.record.InternetAddressDisplayYN === false).length).toBeGreaterThan(20);
    });

    it('shows every listing on its card as its record has it, and suggests and picks as the search tables do', async () => {
      const tables = new PostgresSearchIndex(db.pool);
      const shown = listings.filter((l) => l.record.InternetEntireListingDisplayYN !== false);
      const pdids = [...listings.map((l) => l.pdid), 'NOPE-1'];
      const cards = await index.listings(pdids);
      expect(cards.map((c) => c.pdid)).toEqual(shown.map((l) => l.pdid));
      const photos = new Map((await tables.listings(pdids)).map((l) => [l.pdid, [l.photos, l.allPhotosBroken]]));
      const card = (l: ReferenceListing) => {
        const r = l.record;
        return {
          pdid: l.pdid,
          mlsid: r.ListingId,
          address: r.InternetAddressDisplayYN === false ? null : r.UnparsedAddress,
          city: r.City,
          state: r.StateOrProvince,
          zip: r.PostalCode,
          county: r.CountyOrParish,
          price: r.StandardStatus === 'Closed' ? r.ClosePrice : r.ListPrice,
          beds: r.BedroomsTotal,
          baths: r.BathroomsTotalInteger,
          sqft: r.LivingArea,
          status: r.StandardStatus,
          propertyType: r.PropertySubType ?? r.PropertyType,
          latitude: r.Latitude,
          longitude: r.Longitude,
          locationApproximate: r.locationApproximate,
          forRent: isLease(r.PropertyType),
          photos: photos.get(l.pdid)![0],
          allPhotosBroken: photos.get(l.pdid)![1],
          listDate: r.ListingContractDate,
          closeDate: r.CloseDate,
          listOfficeName: r.ListOfficeName,
          listAgentName: r.ListAgentFullName,
        };
      };
      expect(cards).toEqual(shown.map(card));
      expect(cards.some((c) => c.photos.length > 0)).toBe(true);
      // Terms as visitors type them: the first letters of cities, counties, zips, streets, MLS numbers, and of a later word.
      const terms = new Set<string>(['zz', 'a', '1']);
      for (const l of listings.slice(0, 400)) {
        const r = l.record;
        const street = r.UnparsedAddress?.split(' ')[1];
        for (const name of [r.City, r.CountyOrParish, r.PostalCode, r.UnparsedAddress, r.ListingId, street, r.City?.split(' ')[1]])
          if (name)
            terms.add(
              name
                .trim()
                .toLowerCase()
                .slice(0, 2 + (terms.size % 4)),
            );
      }
      const every = ['city', 'county', 'zip', 'address', 'mlsid'] as const;
      for (const term of terms) {
        expect({ term, kw: await index.suggest(every, term, 5) }).toEqual({ term, kw: await tables.suggest(every, term, 5) });
        for (const kind of every)
          expect({ term, kind, one: await index.suggest([kind], term, 10) }).toEqual({ term, kind, one: await tables.suggest([kind], term, 10) });
        expect({ term, picked: await index.startingWith(term, 20) }).toEqual({ term, picked: await tables.startingWith(term, 20) });
      }
    }, 240_000);

    it('answers a whole-map search (no box) with the listings without a point counted and listed, but not pinned', async () => {
      const nearest = { lat: '40', long: '-100', sortby: 'nearest', perpage: '100' };
      // Its last page: where the listings without a point come, farthest of all.
      const lastPage = String(Math.ceil(referenceMatches(listings, nearest).length / 100));
      const searches: Record<string, string>[] = [
        { perpage: '100', sortby: 'price-desc' },
        { forrent: '1', perpage: '100' },
        nearest,
        { ...nearest, page: lastPage },
      ];
      for (const raw of searches) {
        const req = parseSearchRequest(raw, 'list');
        const expected = referenceOrder(referenceMatches(listings, raw), raw);
        const page = await index.search(req.criteria, { offset: (req.page - 1) * 100, limit: 100 });
        expect({ raw, total: page.total, pdids: page.pdids }).toEqual({
          raw,
          total: expected.length,
          pdids: expected.slice((req.page - 1) * 100, req.page * 100).map((l) => l.pdid),
        });
        const map = await index.map(req.criteria, { pins: 100, clusterLevel: 6 });
        expect(map.total).toBe(expected.length);
        expect(map.pins.map((p) => p.pdid)).toEqual(
          expected
            .filter(mappable)
            .slice(0, 100)
            .map((l) => l.pdid),
        );
        expect(map.clusters.reduce((n, c) => n + c.count, 0)).toBe(expected.filter(mappable).length);
      }
      const last = referenceOrder(referenceMatches(listings, nearest), nearest);
      expect(mappable(last.at(-1)!)).toBe(false);
    });
  });
}
