import { describe, expect, it } from 'vitest';
import type { ListingEvent, ListingRecord } from '../../src/modules/listings/listings.events';
import { mulberry32 } from '../../src/shared/prng';
import { batchedAlike, IN_BULK } from '../../tests/support/batched-alike';
import { projectionSpecification } from '../../tests/support/projection-specification';
import { searchDoc } from '../../tests/support/search-doc';
import { marketAreas, marketMonths, marketStatsProjection } from './index';

const listed = (key: string, on: string, extra: Partial<ListingRecord> = {}): ListingEvent => ({
  type: 'ListingListed',
  data: { pdid: `nw-${key}`, mls: 'nw', listing: searchDoc(key, { ListingContractDate: on, ...extra }).record },
});
const sold = (key: string, price: number, on: string): ListingEvent => ({
  type: 'ListingStatusChanged',
  data: { pdid: `nw-${key}`, StandardStatus: 'Closed', previousStatus: 'Active', ClosePrice: price, CloseDate: on, ModificationTimestamp: null },
});

// Four Seattle sales in February 2026, by hand: prices 400k, 600k, 900k, 1M → median 750k; per sq ft
// 400, 400, 450, 400 → 400; days on market 36, 31, 24, 13 → 27.5, shown 28.
const FEBRUARY: ListingEvent[] = [
  listed('a', '2026-01-05', { LivingArea: 1000 }),
  listed('b', '2026-01-20', { LivingArea: 1500 }),
  listed('f', '2026-01-10'),
  listed('c', '2026-02-01', { LivingArea: 2000 }),
  listed('d', '2026-02-15', { LivingArea: 2500 }),
  listed('e', '2026-02-10', { PostalCode: '98103' }),
  listed('t', '2026-01-03', { City: 'Tacoma', PostalCode: '98402' }),
  sold('a', 400_000, '2026-02-10'),
  sold('b', 600_000, '2026-02-20'),
  sold('c', 900_000, '2026-02-25'),
  sold('d', 1_000_000, '2026-02-28'),
  sold('t', 5_000_000, '2026-02-12'),
];

describe('market stats read model', () => {
  const spec = projectionSpecification(marketStatsProjection);

  it("gives a city's monthly medians, new listings, inventory at month end and months of supply", () =>
    spec.given(...FEBRUARY).then(async ({ pool }) => {
      const report = await marketMonths(pool, { kind: 'city', slug: 'seattle' });
      expect(report?.label).toBe('Seattle');
      expect(report?.months).toHaveLength(24);
      const [jan, feb] = report!.months.slice(-2);
      expect(feb).toEqual({
        month: '2026-02',
        medianPrice: 750_000,
        medianPricePerSqft: 400,
        medianDaysOnMarket: 28,
        sales: 4,
        newListings: 3,
        activeInventory: 2,
        // 2 active ÷ (4 + 0 + 0 sales / 3 months)
        monthsOfSupply: 1.5,
      });
      expect(jan).toMatchObject({ month: '2026-01', sales: 0, medianPrice: null, newListings: 3, activeInventory: 3, monthsOfSupply: null });
    }));

  it('keeps zips apart from cities, and an area without listings has no report', () =>
    spec.given(...FEBRUARY).then(async ({ pool }) => {
      const zip = await marketMonths(pool, { kind: 'zip', slug: '98103' });
      expect(zip?.months.at(-1)).toMatchObject({ newListings: 1, activeInventory: 1, sales: 0 });
      expect((await marketMonths(pool, { kind: 'city', slug: 'tacoma' }))?.months.at(-1)?.medianPrice).toBe(5_000_000);
      expect(await marketMonths(pool, { kind: 'city', slug: 'spokane' })).toBeUndefined();
      expect(await marketAreas(pool)).toEqual([
        { kind: 'city', slug: 'seattle' },
        { kind: 'city', slug: 'tacoma' },
        { kind: 'zip', slug: '98101' },
        { kind: 'zip', slug: '98402' },
      ]);
    }));

  it('gives the same rows rebuilt in one batch as built event by event, and a removed listing counts nowhere', async () => {
    let live: unknown;
    await spec
      .given(...FEBRUARY.slice(0, 6))
      .when(...FEBRUARY.slice(6), { type: 'ListingRemoved', data: { pdid: 'nw-d', ModificationTimestamp: null } })
      .then(async ({ rows }) => {
        live = await rows('SELECT * FROM market_listings ORDER BY pdid');
      });
    await spec.given(...FEBRUARY, { type: 'ListingRemoved', data: { pdid: 'nw-d', ModificationTimestamp: null } }).then(async ({ rows, pool }) => {
      expect(await rows('SELECT * FROM market_listings ORDER BY pdid')).toEqual(live);
      expect((await marketMonths(pool, { kind: 'city', slug: 'seattle' }))?.months.at(-1)).toMatchObject({ sales: 3, medianPrice: 600_000 });
    });
  });
});

describe('market stats read model, in batches', () => {
  const feed = batchedAlike(marketStatsProjection);

  it('leaves the same rows fed one event at a time as in batches of 7 or 60, in one batch of the whole log and in bulk (a first start)', async () => {
    const log = randomListingLog(400);
    const rows = await feed(log, 'SELECT * FROM market_listings ORDER BY pdid', [1, 7, 60, log.length, IN_BULK]);
    expect(rows.get(1)!.length).toBeGreaterThan(10);
    expect(rows.get(7)).toEqual(rows.get(1));
    expect(rows.get(60)).toEqual(rows.get(1));
    expect(rows.get(log.length)).toEqual(rows.get(1));
    expect(rows.get(IN_BULK)).toEqual(rows.get(1));
  });

  it('keeps its indexes through a bulk replay: they are dropped for the COPY and built again', async () => {
    const indexes = await feed([], "SELECT indexdef FROM pg_indexes WHERE tablename = 'market_listings' ORDER BY indexdef", [1]);
    const log = randomListingLog(50);
    const after = await feed(log, "SELECT indexdef FROM pg_indexes WHERE tablename = 'market_listings' ORDER BY indexdef", [IN_BULK]);
    expect(indexes.get(1)!.length).toBe(3);
    expect(after.get(IN_BULK)).toEqual(indexes.get(1));
  });
});

/** Listings listed, sold, relisted, corrected and removed in a random order: every path of the fold and of the statements. */
function randomListingLog(count: number): ListingEvent[] {
  const random = mulberry32(34);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const day = () => `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`;
  const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
  const log: ListingEvent[] = [];
  while (log.length < count) {
    const key = pick(keys);
    const pdid = `nw-${key}`;
    // A listing's first event is its listing, as in a log the import wrote: batches then fold it whole.
    const kind = log.some((e) => e.data.pdid === pdid) ? random() : 0;
    if (kind < 0.15)
      log.push(
        listed(key, pick([day(), 'not a date']), {
          City: pick(['Seattle', 'Tacoma', null]),
          PostalCode: pick(['98101-1234', '98402', null]),
          StandardStatus: pick(['Active', 'Closed', 'Pending']),
          ClosePrice: pick([null, 700_000]),
          CloseDate: pick([null, day()]),
          LivingArea: pick([null, 1234.5]),
        }),
      );
    else if (kind < 0.55)
      log.push({
        type: 'ListingStatusChanged',
        data: {
          pdid,
          StandardStatus: pick(['Active', 'Pending', 'Closed', 'Expired']),
          previousStatus: 'Active',
          ClosePrice: pick([null, 650_000]),
          CloseDate: pick([null, day(), 'soon']),
          ModificationTimestamp: null,
        },
      });
    else if (kind < 0.9)
      log.push({
        type: 'ListingDetailsChanged',
        data: {
          pdid,
          changes: {
            ...(random() < 0.4 ? { City: pick(['Spokane', null]) } : {}),
            ...(random() < 0.3 ? { PostalCode: pick(['99201', 'x']) } : {}),
            ...(random() < 0.3 ? { LivingArea: pick([2000, null]) } : {}),
            ...(random() < 0.3 ? { ListingContractDate: pick([day(), 'someday']) } : {}),
            ...(random() < 0.4 ? { ClosePrice: pick([800_000, null]) } : {}),
            ...(random() < 0.4 ? { CloseDate: pick([day(), null]) } : {}),
          },
          ModificationTimestamp: null,
        },
      });
    else log.push({ type: 'ListingRemoved', data: { pdid, ModificationTimestamp: null } });
  }
  return log;
}
