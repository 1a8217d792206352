import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { SearchIndexVersion } from '../../src/modules/listings/search-listings/search-index-version';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The search result cache (SEARCH_CACHE_MS) keeps an answer past its time to live only while the
 * search read model stands still: once a listing is indexed, the next request after the time to
 * live sees it.
 */
describe('the search result cache follows the index', () => {
  let db: TestDatabase;
  let server: Started;
  const total = async () => ((await (await fetch(`${server.url}/api/search?acl_city=Cachetown`)).json()) as { total: number }).total;
  const add = async (key: string) => {
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home(key, { City: 'Cachetown' }) }], { mls: 'T', ctx: systemContext() });
    await server.runtime.runner.waitForCatchUp();
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { SEARCH_CACHE_MS: '300' }));
    await add('C1');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('drops a cached answer once the index has moved', async () => {
    const version = server.app.get(SearchIndexVersion);
    await version.read();
    const before = version.current();
    expect(before).toBeDefined();
    expect(await total()).toBe(1);
    await add('C2');
    await version.read();
    expect(version.current()).not.toBe(before);
    await sleep(350); // past the time to live: only the version could keep the old answer
    expect(await total()).toBe(2);
  });
});
