import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { resoItems } from '../../src/demo/listings';
import { importListings, type ResoRecord } from '../../src/modules/listings';
import { type Started, startServer } from '../../src/main';
import { SearchIndexVersion } from '../../src/modules/listings/search-listings/search-index-version';
import { MeilisearchStandIn } from '../support/meilisearch-stand-in';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * SEARCH_INDEX=meilisearch end to end against the wire stand-in: the server sets the index up at
 * start, the search_meili projection writes the imported listings' documents, and the search API
 * answers from them (the stand-in evaluates only the status group: what is checked here is the
 * wiring, the reference test checks the answers against a real server).
 */
describe('search on Meilisearch (SEARCH_INDEX=meilisearch)', () => {
  const standIn = new MeilisearchStandIn();
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    const url = await standIn.start();
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { SEARCH_INDEX: 'meilisearch', MEILI_URL: url, MEILI_KEY: 'compose-key' }));
    await importListings(
      server.runtime.store,
      resoItems([
        home('M1', { ListPrice: 400_000 }),
        home('M2', { ListPrice: 600_000 }),
        home('M3', { StandardStatus: 'Closed', ClosePrice: 1, CloseDate: '2024-05-20' }),
      ] as ResoRecord[]),
      {
        mls: 'NWMLS',
        ctx: systemContext(new Date('2024-06-01T12:00:00Z')),
      },
    );
    await server.runtime.runner.waitForCatchUp();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await standIn.stop();
  });

  it('writes the documents through the projection and answers the search API from Meilisearch', async () => {
    expect([...standIn.docs.keys()].sort()).toEqual(['NWMLS-M1', 'NWMLS-M2', 'NWMLS-M3']);
    expect(standIn.requests.some((r) => r.method === 'PATCH' && r.path === '/indexes/listings/settings')).toBe(true);
    expect(standIn.requests.every((r) => r.auth === 'Bearer compose-key')).toBe(true);
    const res = await fetch(`${server.url}/api/search?sortby=price-desc`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; results: { pdid: string }[] };
    expect(body.total).toBe(2);
    expect(body.results.map((c) => c.pdid).sort()).toEqual(['NWMLS-M1', 'NWMLS-M2']);
    const search = standIn.requests.filter((r) => r.path === '/indexes/listings/search').at(-1)!.body as { filter: string; sort: string[] };
    expect(search).toMatchObject({ filter: 'grp = 1', sort: ['s_price_desc:desc', 's_pdid:asc'] });
  });

  it("keys cached answers to the Meilisearch documents' checkpoint, which may lag the PostgreSQL tables'", async () => {
    const version = server.app.get(SearchIndexVersion);
    await version.read();
    const { rows } = await server.runtime.db.pool.query<{ v: string }>(
      `SELECT transaction_id::text || '/' || global_position::text || '/' || version::text AS v FROM projection_checkpoints WHERE name = 'search_meili'`,
    );
    expect(version.current()).toBe(rows[0]!.v);
  });
});
