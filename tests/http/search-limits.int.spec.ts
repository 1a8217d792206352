import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A ring of n points around (lat, lng) as the web app writes it: six decimals, the first point repeated. */
const ring = (n: number, lat: number, lng: number, r = 0.05) => {
  const pts = Array.from(
    { length: n },
    (_, i) => `${(lat + r * Math.sin((2 * Math.PI * i) / n)).toFixed(6)} ${(lng + r * Math.cos((2 * Math.PI * i) / n)).toFixed(6)}`,
  );
  return [...pts, pts[0]].join(', ');
};
const rings = (count: number, n: number) => Array.from({ length: count }, (_, i) => ring(n, 47.6 + i * 0.001, -122.3)).join(':');

/**
 * Issue 12 section 2 over real HTTP: the criteria's limits (400), the statement timeout (503),
 * searches on a pool of their own, and the per-address rate (429).
 */
describe('search limits', () => {
  let db: TestDatabase;
  let server: Started;
  const search = async (path: string, body: Record<string, unknown> | undefined, ip: string) => {
    const res = await fetch(`${server.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { message?: string; total?: number } };
  };
  /** Holds the search tables so that every search statement waits (and is cancelled at the timeout). */
  const lockSearchTable = async (): Promise<pg.PoolClient> => {
    const client = await db.pool.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE search_listings, search_cells IN ACCESS EXCLUSIVE MODE');
    return client;
  };
  const unlock = async (client: pg.PoolClient) => {
    await client.query('ROLLBACK');
    client.release();
  };

  /**
   * Three polygons of 99 points, 30° across: more points in all than people draw (the in-memory
   * index's limit, 200), so the one search it leaves to the search tables (everything else, maps,
   * cards and drawn polygons included, is answered from memory). `i` makes each one another search.
   */
  const WIDE_POLYGON = (i = 0) => ({
    polygonmap: [0, 1, 2].map((k) => ring(99, 47.6 + i / 1000 + k / 100, -122.3, 15)).join(':'),
  });

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(
      testConfig(db.url, { TRUST_PROXY: '1', SEARCH_STATEMENT_TIMEOUT_MS: '1000', SEARCH_POOL_SIZE: '2', SEARCH_RATE_PER_MINUTE: '60', DB_POOL_SIZE: '8' }),
    );
    await importListings(
      server.runtime.store,
      [{ record: 1, line: null, parse: () => home('L1', { City: 'Limitville', Latitude: 47.6, Longitude: -122.3 }) }],
      { mls: 'T', ctx: systemContext() },
    );
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('takes ten polygons of 99 points, and refuses more with a clear 400', async () => {
    expect(await search('/api/search/split', { polygonmap: rings(10, 99) }, '192.0.2.1')).toMatchObject({ status: 200, body: { total: 1 } });
    expect(await search('/api/search/split', { polygonmap: rings(11, 5) }, '192.0.2.1')).toEqual({
      status: 400,
      body: { message: 'A search may have at most 10 polygons' },
    });
    expect(await search('/api/search/map', { polygonmap: rings(1, 100) }, '192.0.2.1')).toEqual({
      status: 400,
      body: { message: 'A polygon may have at most 99 points' },
    });
    expect(await search(`/api/search?polygonmap=${encodeURIComponent(ring(100, 47.6, -122.3))}`, undefined, '192.0.2.1')).toEqual({
      status: 400,
      body: { message: 'A polygon may have at most 99 points' },
    });
    // The attack: 20 polygons of 1,000 points (about 570 kB) is refused before it is read.
    expect(await search('/api/search/split', { polygonmap: rings(20, 1000) }, '192.0.2.1')).toEqual({
      status: 400,
      body: { message: 'The search criteria are too long (at most 32,000 characters)' },
    });
    expect((await search('/api/search/pdids', { polygonmap: rings(11, 5) }, '192.0.2.1')).status).toBe(400);
  });

  it('cancels a search statement past SEARCH_STATEMENT_TIMEOUT_MS and answers 503 with a message', async () => {
    const lock = await lockSearchTable();
    try {
      const t = performance.now();
      const res = await search('/api/search/split', WIDE_POLYGON(), '192.0.2.2');
      expect(res).toEqual({ status: 503, body: { message: 'The search took too long; please narrow it and try again' } });
      expect(performance.now() - t).toBeGreaterThanOrEqual(900);
    } finally {
      await unlock(lock);
    }
    // The next one is answered as usual.
    expect(await search('/api/search?acl_city=Limitville', undefined, '192.0.2.2')).toMatchObject({ status: 200, body: { total: 1 } });
  });

  it('runs searches on a pool of their own: while searches wait, the rest of the server is served', async () => {
    const lock = await lockSearchTable();
    let searches: Promise<{ status: number }[]> | undefined;
    try {
      // More waiting statements (3 a split search) than the main pool (DB_POOL_SIZE 8) holds, from many addresses.
      searches = Promise.all(Array.from({ length: 12 }, (_, i) => search('/api/search/split', WIDE_POLYGON(i), `198.51.100.${i + 1}`)));
      await sleep(100);
      const t = performance.now();
      const health = await Promise.race([fetch(`${server.url}/health`).then((r) => r.status), sleep(800).then(() => 'waited for the pool')]);
      expect(health).toBe(200);
      expect(performance.now() - t).toBeLessThan(800);
    } finally {
      await unlock(lock);
    }
    // Cancelled at the timeout or answered once the table was free; never a failure of the server.
    for (const r of await searches!) expect([200, 503]).toContain(r.status);
  });

  it('answers 429 to an address past its rate (SEARCH_RATE_PER_MINUTE, a sixth at once), whatever it searches; other addresses go on', async () => {
    const ip = '203.0.113.7';
    let first429 = 0;
    for (let i = 1; i <= 20 && !first429; i++) {
      const path =
        i % 3 === 0
          ? '/api/search/autocomplete/kw/li/?IncludeSearches=0'
          : i % 3 === 1
            ? `/api/search?acl_city=Limitville&minprice=${i}`
            : '/api/search/result/T-L1';
      const res = await search(path, undefined, ip);
      if (res.status === 429) {
        first429 = i;
        expect(res.body).toEqual({ message: 'Too many searches from your address. Please try again in a minute.' });
      } else expect(res.status).toBe(200);
    }
    // 60 a minute: 10 at once, one more a second (the loop may take a second or two on a busy machine).
    expect(first429).toBeGreaterThanOrEqual(11);
    expect(first429).toBeLessThanOrEqual(13);
    expect((await search('/api/search/split', { acl_city: 'Limitville' }, ip)).status).toBe(429);
    expect((await search('/api/search/split', { acl_city: 'Limitville' }, '203.0.113.8')).status).toBe(200);
  });
});
