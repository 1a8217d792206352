import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings, type ImportItem } from '../../src/modules/listings';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/** GET /api/search/markets: whether the feed has homes for sale and leases, which decides the For sale / For rent switch. */
describe('search markets (issue 17 part 8)', () => {
  let db: TestDatabase;
  let server: Started;
  const markets = async () => (await fetch(`${server.url}/api/search/markets`)).json();
  const importing = async (records: unknown[]) => {
    await importListings(server.runtime.store, items(records), { mls: 'T', ctx: systemContext() });
    await server.runtime.runner.waitForCatchUp();
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('has no leases until the feed brings an Active one, then has them', async () => {
    await importing([home('S1')]);
    expect(await markets()).toEqual({ forSale: true, forRent: false });
    await importing([home('L1', { PropertyType: 'Residential Lease', ListPrice: 2100, StandardStatus: 'Pending' })]);
    expect(await markets()).toEqual({ forSale: true, forRent: false });
    await importing([home('L2', { PropertyType: 'Residential Lease', ListPrice: 2400 })]);
    // A cached answer lasts until the search index moves (read every 250 ms).
    await expect.poll(markets, { timeout: 5000 }).toEqual({ forSale: true, forRent: true });
  });
});
