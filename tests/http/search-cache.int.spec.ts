import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
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

  it('serves a cached answer in each coding asked for, each from its own compression', async () => {
    // Raw bytes and their coding as sent (fetch would decode them).
    const get = (encoding: string) =>
      new Promise<{ coding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${server.url}/api/search?acl_city=Cachetown&perpage=2`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ coding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const decoded = ({ coding, body }: { coding: string | undefined; body: Buffer }) =>
      JSON.parse((coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString()) as unknown;
    // Within the time to live, the same answer each time: brotli, gzip, plain, then brotli again.
    const answers = [await get('br'), await get('gzip'), await get('identity'), await get('br')];
    expect(answers.map((a) => a.coding)).toEqual(['br', 'gzip', undefined, 'br']);
    const plain = decoded(answers[2]!);
    expect((plain as { total: number }).total).toBe(2);
    for (const answer of answers) expect(decoded(answer)).toEqual(plain);
  });
});
