import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/commands/command-context';
import { PostgresEventStore } from '../../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../../src/modules/listings';
import { importItems } from '../../../tests/support/ballard-sales';
import { home } from '../../../tests/support/reso-home';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { ProjectionRunner } from '../../runner';
import { searchProjection } from './search-listings.projection';
import { listingAtAddress } from './sold-listings.query';

/** The home at an address as /sell reads it: typed the way a homeowner writes it. */
describe('the listing at a typed address', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
    const records = [
      home('AD-SEA', { UnparsedAddress: '17 Cedar St', City: 'Seattle', PostalCode: '98101', Latitude: 47.61 }),
      home('AD-TAC', { UnparsedAddress: '17 Cedar St', City: 'Tacoma', PostalCode: '98402', Latitude: 47.25, ModificationTimestamp: '2030-01-01T00:00:00Z' }),
    ];
    await importListings(store, importItems(records), { mls: 'T', ctx: systemContext() });
    runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 300 });
    runner.start();
    await runner.waitForCatchUp(120_000);
  }, 240_000);
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await db?.drop();
  });

  it('finds the home from the whole address with city, state and ZIP, and the city or ZIP picks the town', async () => {
    expect((await listingAtAddress(db.pool, '17 Cedar St, Seattle, WA 98101'))?.pdid).toBe('T-AD-SEA');
    expect((await listingAtAddress(db.pool, ' 17 cedar st ,  tacoma, wa'))?.pdid).toBe('T-AD-TAC');
    expect((await listingAtAddress(db.pool, '17 Cedar St, WA 98101'))?.pdid).toBe('T-AD-SEA');
    expect(await listingAtAddress(db.pool, '17 Cedar St')).not.toBeNull();
    expect(await listingAtAddress(db.pool, '18 Cedar St, Seattle, WA 98101')).toBeNull();
  });
});
