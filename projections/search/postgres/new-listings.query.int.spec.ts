import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/commands/command-context';
import { PostgresEventStore } from '../../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../../src/modules/listings';
import { importItems } from '../../../tests/support/ballard-sales';
import { home } from '../../../tests/support/reso-home';
import { searchTablesOver, stopSearchTables } from '../../../tests/support/search-tables';
import type { TestDatabase } from '../../../tests/support/test-database';
import { ProjectionRunner } from '../../runner';
import { newListingsAround } from './new-listings.query';

const [LAT, LNG] = [47.61, -122.33];

/** The active listings near a point listed in a window of days, as the homeowner digest reads them from the search read model. */
describe('new listings around a point', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    ({ db, store, runner } = await searchTablesOver(async (s) => {
      const records = [
        home('NL-IN', { ListingContractDate: '2020-02-10', UnparsedAddress: '1 In St' }),
        home('NL-EDGE', { ListingContractDate: '2020-02-01', Latitude: LAT + 0.01, UnparsedAddress: '2 Edge St' }),
        home('NL-NOSHOW', { ListingContractDate: '2020-02-12', InternetEntireListingDisplayYN: false }),
        home('NL-EARLY', { ListingContractDate: '2020-01-01' }),
        home('NL-LATE', { ListingContractDate: '2020-03-01' }),
        home('NL-SOLD', { ListingContractDate: '2020-02-10', StandardStatus: 'Closed', ClosePrice: 1, CloseDate: '2020-02-20' }),
        home('NL-AWAY', { ListingContractDate: '2020-02-10', Latitude: LAT + 0.05 }),
      ];
      await importListings(s, importItems(records), { mls: 'T', ctx: systemContext() });
    }));
  }, 240_000);
  afterAll(() => stopSearchTables({ db, store, runner }));

  it('answers the active listings in the box listed from `since` to before `before`, not a sold one, one outside the box or one the MLS hides', async () => {
    const rows = await newListingsAround(db.pool, LAT, LNG, 0.02, '2020-02-01', '2020-03-01');
    expect(rows.map((r) => [r.address, r.list_date, r.list_price]).sort()).toEqual([
      ['1 In St', '2020-02-10', 500_000],
      ['2 Edge St', '2020-02-01', 500_000],
    ]);
    expect(await newListingsAround(db.pool, LAT + 0.05, LNG, 0.02, '2020-02-01', '2020-03-01')).toHaveLength(1);
  });
});
