import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/commands/command-context';
import { PostgresEventStore } from '../../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../../src/modules/listings';
import { importItems } from '../../../tests/support/ballard-sales';
import { home } from '../../../tests/support/reso-home';
import { searchTablesOver, stopSearchTables } from '../../../tests/support/search-tables';
import type { TestDatabase } from '../../../tests/support/test-database';
import { ProjectionRunner } from '../../runner';
import { listingAtAddress } from './sold-listings.query';

/** The home at an address as /sell reads it: typed the way a homeowner writes it. */
describe('the listing at a typed address', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    ({ db, store, runner } = await searchTablesOver(async (s) => {
      const records = [
        home('AD-SEA', { UnparsedAddress: '17 Cedar St', City: 'Seattle', PostalCode: '98101', Latitude: 47.61 }),
        home('AD-TAC', { UnparsedAddress: '17 Cedar St', City: 'Tacoma', PostalCode: '98402', Latitude: 47.25, ModificationTimestamp: '2030-01-01T00:00:00Z' }),
      ];
      await importListings(s, importItems(records), { mls: 'T', ctx: systemContext() });
    }));
  }, 240_000);
  afterAll(() => stopSearchTables({ db, store, runner }));

  it('finds the home from the whole address with city, state and ZIP, and the city or ZIP picks the town', async () => {
    expect((await listingAtAddress(db.pool, '17 Cedar St, Seattle, WA 98101'))?.pdid).toBe('T-AD-SEA');
    expect((await listingAtAddress(db.pool, ' 17 cedar st ,  tacoma, wa'))?.pdid).toBe('T-AD-TAC');
    expect((await listingAtAddress(db.pool, '17 Cedar St, WA 98101'))?.pdid).toBe('T-AD-SEA');
    expect(await listingAtAddress(db.pool, '17 Cedar St')).not.toBeNull();
    expect(await listingAtAddress(db.pool, '18 Cedar St, Seattle, WA 98101')).toBeNull();
  });
});
