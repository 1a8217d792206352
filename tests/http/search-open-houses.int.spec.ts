import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { addOpenHouseAt } from '../support/past-open-houses';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const DAY = 86_400_000;
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/**
 * The listings' local time is chosen so that it is about noon there now: "earlier today" and
 * "tomorrow" are then hours away from any midnight, whenever the test runs.
 */
function localClock(now: number) {
  const offsetHours = Math.max(-12, Math.min(14, 12 - new Date(now).getUTCHours()));
  const offset = `${offsetHours < 0 ? '-' : '+'}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
  const localDay = (daysFromToday: number) => new Date(now + offsetHours * 3_600_000 + daysFromToday * DAY).toISOString().slice(0, 10);
  return (key: string, daysFromToday: number, from: number, to: number, OpenHouseType: 'Public' | 'Broker' = 'Public', extra: object = {}) => ({
    OpenHouseKey: key,
    OpenHouseStartTime: `${localDay(daysFromToday)}T${String(from).padStart(2, '0')}:00:00${offset}`,
    OpenHouseEndTime: `${localDay(daysFromToday)}T${String(to).padStart(2, '0')}:00:00${offset}`,
    OpenHouseType,
    ...extra,
  });
}

describe('openhouse=1: a public open house from today on (contract section 3)', () => {
  let db: TestDatabase;
  let server: Started;
  const search = async (qs: string) => (await (await fetch(`${server.url}/api/search?${qs}`)).json()) as { total: number; results: { pdid: string }[] };
  const map = async (criteria: object) =>
    (await (
      await fetch(`${server.url}/api/search/map`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(criteria),
      })
    ).json()) as { total: number };
  const modifiedAt = async (pdid: string) => (await db.pool.query('SELECT modified_at FROM search_listings WHERE pdid = $1', [pdid])).rows[0]?.modified_at;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    const now = Date.now();
    const oh = localClock(now);
    const ctx = systemContext();
    const at = (n: number) => ({ ModificationTimestamp: new Date(now - 3 * DAY + n * 60_000).toISOString() });
    await importListings(
      server.runtime.store,
      items([
        home('TODAY', at(1)),
        home('YESTERDAY', at(1)),
        home('TOMORROW', { ...at(1), OpenHouse: [oh('M1', 1, 13, 15)] }),
        home('BROKER', { ...at(1), OpenHouse: [oh('B1', 1, 10, 12, 'Broker')] }),
        home('CANCELLED', { ...at(1), OpenHouse: [oh('C1', 2, 13, 15)] }),
        home('MOVED', { ...at(1), OpenHouse: [oh('V1', 3, 13, 15, 'Broker')] }),
        home('NONE', at(1)),
        home('SOLD', { ...at(1), StandardStatus: 'Closed', ClosePrice: 450_000, CloseDate: '2024-05-01', OpenHouse: [oh('S1', 1, 13, 15)] }),
      ]),
      { mls: 'T', ctx },
    );
    // Added two days ago, when they were still to come: this morning's (over by now) and yesterday's.
    await addOpenHouseAt(server.runtime.store, 'T-TODAY', new Date(now - 2 * DAY), oh('T1', 0, 7, 9));
    await addOpenHouseAt(server.runtime.store, 'T-YESTERDAY', new Date(now - 2 * DAY), oh('Y1', -1, 13, 15));
    await server.runtime.runner.waitForCatchUp();
    expect(await modifiedAt('T-CANCELLED')).toBe(at(1).ModificationTimestamp);
    // The feed cancels one (spelt Canceled) and makes a broker open public: open-house changes only.
    await importListings(
      server.runtime.store,
      items([
        home('CANCELLED', { ...at(2), OpenHouse: [oh('C1', 2, 13, 15, 'Public', { OpenHouseStatus: 'Canceled' })] }),
        home('MOVED', { ...at(2), OpenHouse: [oh('V1', 3, 13, 15)] }),
      ]),
      { mls: 'T', ctx },
    );
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("finds listings with a public open house today (even one already over) or later, not yesterday's, broker or cancelled ones", async () => {
    const found = await search('openhouse=1&sortby=price-asc');
    expect(found.results.map((r) => r.pdid).sort()).toEqual(['T-MOVED', 'T-TODAY', 'T-TOMORROW']);
    expect(found.total).toBe(3);
    expect((await search('openhouse=1&soldproperty=1&city=Seattle')).results.map((r) => r.pdid)).toEqual(['T-SOLD']);
    expect((await map({ openhouse: '1', minlat: '47', maxlat: '48', minlong: '-123', maxlong: '-122' })).total).toBe(3);
    // Without the flag, every Active listing.
    expect((await search('')).total).toBe(7);
  });

  it("moves the listing's modification time on with an open-house-only change", async () => {
    const expected = new Date(Date.parse(await modifiedAt('T-TODAY')) + 60_000).toISOString();
    expect(await modifiedAt('T-CANCELLED')).toBe(expected);
    expect(await modifiedAt('T-MOVED')).toBe(expected);
  });
});
