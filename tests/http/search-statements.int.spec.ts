import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { currentRequestId } from '../../src/shared/logger';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';

/**
 * A visitor's list, map and autocomplete requests are answered from the instance's memory
 * (SEARCH_INDEX=memory): no statement reaches PostgreSQL on their behalf while the log stands
 * still. Every statement asked of a pool of this process, and every connection taken from one,
 * is attributed to the request whose handling asked (the request id the request log puts in
 * the async context), so background work (projections, polls) is not counted and work a
 * request starts in the background is.
 */
describe('a visitor search in memory sends no statement to PostgreSQL', () => {
  let db: TestDatabase;
  let server: Started;
  const sent = new Map<string, string[]>();
  const query = pg.Pool.prototype.query;
  const connect = pg.Pool.prototype.connect;
  let n = 0;

  const send = async (path: string, body?: unknown): Promise<{ status: number; statements: string[] }> => {
    const id = `statements-${++n}`;
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-request-id': id, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return { status: res.status, statements: sent.get(id) ?? [] };
  };
  const box = { minlat: '47.5', maxlat: '47.7', minlong: '-122.4', maxlong: '-122.2' };
  const requests: [string, string, unknown?][] = [
    ['a list', '/api/search?kw=Quietton&sortby=price-desc'],
    ['a list by city with filters', '/api/search?acl_city=Quietton&beds=2&minprice=100000'],
    ['a map', '/api/search/map', { ...box, type: 'map' }],
    ['a split view', '/api/search/split', { ...box, type: 'split' }],
    ['a drawn polygon', '/api/search/map', { polygonmap: '47.55 -122.35, 47.65 -122.35, 47.65 -122.25, 47.55 -122.25', type: 'map' }],
    ['autocomplete', '/api/search/autocomplete/kw/quie/?IncludeSearches=0'],
  ];

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { SEARCH_CACHE_MS: '0', SEARCH_INDEX: 'memory' }));
    const items = [
      home('Q1', { City: 'Quietton', Latitude: 47.6, Longitude: -122.3 }),
      home('Q2', { City: 'Quietton', ListPrice: 725_000, Latitude: 47.61, Longitude: -122.31 }),
    ];
    await importListings(
      server.runtime.store,
      items.map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'T', ctx: systemContext() },
    );
    await server.runtime.runner.waitForCatchUp();
    // At the pools, where a statement is asked for in the request's own async context (a
    // client's query may be sent later from another's, once a connection is free).
    let inQuery = false;
    const record = (what: string) => {
      const id = currentRequestId();
      if (id?.startsWith('statements-')) sent.set(id, [...(sent.get(id) ?? []), what.replace(/\s+/g, ' ').slice(0, 80)]);
    };
    pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
      record(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
      inQuery = true;
      try {
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        inQuery = false;
      }
    } as typeof query;
    pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
      if (!inQuery) record('(a connection taken)');
      return (connect as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof connect;
  }, 120_000);
  afterAll(async () => {
    pg.Pool.prototype.query = query;
    pg.Pool.prototype.connect = connect;
    await server?.stop();
    await db?.drop();
  });

  it('answers each of them with no statement once the log stands still, however long it stands still', async () => {
    await waitUntil(
      'the listings to be found',
      async () => (await fetch(`${server.url}/api/search?kw=Quietton`).then((r) => r.json() as Promise<{ total: number }>)).total === 2,
    );
    // Right after the import's appends, a search reads the log's head and the feeds' attributions
    // (once for all that arrive meanwhile); the log then stands still. Not waited for past 10 s, so
    // that what is still sent shows below, statement by statement.
    await waitUntil(
      'a search with no statement',
      async () => {
        await Promise.all(requests.map(([, path, body]) => send(path, body)));
        return (await send(requests[0]![1])).statements.length === 0;
      },
      10_000,
    ).catch(() => undefined);
    const each = async () => {
      const answers: Record<string, { status: number; statements: string[] }> = {};
      for (const [name, path, body] of requests) answers[name] = await send(path, body);
      return answers;
    };
    const none = Object.fromEntries(requests.map(([name]) => [name, { status: 200, statements: [] }]));
    expect(await each()).toEqual(none);
    // Twice more, a second apart: no time to live brings a statement back while nothing is appended.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await each()).toEqual(none);
  });

  it('still finds a listing appended just before the search: an append heard makes the next search wait for it', async () => {
    await importListings(
      server.runtime.store,
      [{ record: 1, line: null, parse: () => home('Q3', { City: 'Quietton', Latitude: 47.62, Longitude: -122.32 }) }],
      {
        mls: 'T',
        ctx: systemContext(),
      },
    );
    const after = await fetch(`${server.url}/api/search?kw=Quietton`, { headers: { 'x-request-id': 'statements-after' } });
    expect(((await after.json()) as { total: number }).total).toBe(3);
    expect(sent.get('statements-after')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SELECT transaction_id, global_position FROM events ORDER BY/)]),
    );
  });
});
