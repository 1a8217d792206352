import { describe, expect, it } from 'vitest';
import { searchProjection } from '../../projections/search';
import { systemContext } from '../../src/commands/command-context';
import { importListings, parseSearchRequest } from '../../src/modules/listings';
import { mulberry32 } from '../../src/shared/prng';
import { addOpenHouseAt } from '../support/past-open-houses';
import { projectedLog } from '../support/projected-log';
import { home, square } from './organizer-fixture';

/**
 * SearchIndex.matchEach (what alerts ask) must answer exactly what search answers: for every
 * listing and every criteria set, "matches" is "search returns it".
 */
describe('SearchIndex.matchEach agrees with search', () => {
  const pdids: string[] = [];
  const given = projectedLog([searchProjection], async (store) => {
    const rand = mulberry32(3);
    const openHouse = (day: string, OpenHouseType: 'Public' | 'Broker') => ({
      OpenHouseKey: day,
      OpenHouseStartTime: `${day}T13:00:00-07:00`,
      OpenHouseEndTime: `${day}T15:00:00-07:00`,
      OpenHouseType,
    });
    // Public ones to come (the only ones openhouse=1 finds), broker ones and (below) past ones; most listings have none.
    const openHouses = [[openHouse('2099-06-06', 'Public')], [], [openHouse('2099-06-06', 'Broker')], [openHouse('2099-06-13', 'Public')]];
    const cities = ['Seattle', 'Kent', 'Bellevue'];
    const records = Array.from({ length: 150 }, (_, i) =>
      home(`M${i}`, {
        Latitude: 47.5 + rand() * 0.2,
        Longitude: -122.4 + rand() * 0.2,
        City: cities[i % 3],
        PostalCode: ['98101', '98032', '98004'][i % 3],
        ListPrice: 300_000 + Math.floor(rand() * 40) * 10_000,
        BedroomsTotal: i % 6 === 0 ? null : 1 + (i % 5),
        BathroomsTotalInteger: 1 + (i % 3),
        LivingArea: 700 + (i % 20) * 100,
        PropertySubType: i % 4 === 0 ? 'Condominium' : 'Single Family Residence',
        WaterfrontYN: i % 5 === 0,
        PoolPrivateYN: i % 7 === 0 ? true : i % 7 === 1 ? false : null,
        StandardStatus: i % 10 === 9 ? 'Closed' : i % 10 === 8 ? 'Pending' : 'Active',
        ClosePrice: i % 10 === 9 ? 400_000 : null,
        CloseDate: i % 10 === 9 ? '2024-04-01' : null,
        UnparsedAddress: `${i} ${i % 2 ? 'Pine' : 'Oak'} St`,
        OpenHouse: openHouses[i % 8],
      }),
    );
    await importListings(
      store,
      records.map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'T', ctx: systemContext() },
    );
    pdids.push(...records.map((r) => `T-${r.ListingKey}`));
    // Open houses that took place since they were added.
    for (const [i, pdid] of pdids.entries()) {
      if (i % 8 === 1 || i % 8 === 3) await addOpenHouseAt(store, pdid, new Date('2024-06-01T00:00:00Z'), openHouse('2024-06-08', 'Public'));
    }
  });

  it('for polygons, radius, boxes, places, keywords, bands, types and flags', async () => {
    const raw: Record<string, string>[] = [
      {},
      { polygonmap: square(47.6, -122.3, 0.05) },
      { polygonmap: `${square(47.55, -122.35, 0.03)}:${square(47.65, -122.25, 0.02)}`, minprice: '400000' },
      { polygonmap: '47.5 -122.4, 47.7 -122.3, 47.5 -122.2, 47.5 -122.4' },
      { radius: '3', lat: '47.6', long: '-122.3' },
      { minlat: '47.55', maxlat: '47.65', minlong: '-122.35', maxlong: '-122.25' },
      { acl_city: 'Kent,Seattle', beds: '3' },
      { acl_zip5: '98004', maxprice: '500000', baths: '2' },
      { acl_county: 'King County', minsqft: '1000', maxsqft: '1500' },
      { kw: 'pine' },
      { kw: 'oak seattle' },
      { listingtype: 'condo' },
      { listingtype: 'singlefamily,townhouse', waterfront: '1' },
      { pool: '1' },
      { soldproperty: '1', acl_city: 'Seattle' },
      { pricereduced: '1' },
      { openhouse: '1' },
    ];
    const criteria = raw.map((r) => parseSearchRequest(r, 'list').criteria);
    const expected = await Promise.all(criteria.map(async (c) => new Set((await given.index.search(c, { offset: 0, limit: 1000 })).pdids)));
    expect(expected.some((s) => s.size > 0 && s.size < pdids.length)).toBe(true);
    const openHouseMatches = [...expected.at(-1)!].sort();
    expect(openHouseMatches.length).toBeGreaterThan(5);
    expect(openHouseMatches.every((pdid) => [0, 3].includes(Number(pdid.slice(3)) % 8))).toBe(true);
    const all = [...pdids, 'T-UNKNOWN'];
    const prepared = criteria.map((c) => given.index.prepareMatch(c));
    const got = await given.index.matchEach(all.map((pdid) => ({ pdid, criteria: prepared })));
    all.forEach((pdid, i) => expect({ pdid, got: got[i] }).toEqual({ pdid, got: expected.map((s) => s.has(pdid)) }));
  });
});
