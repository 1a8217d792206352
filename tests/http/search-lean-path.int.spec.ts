import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** A session cookie no session has: the session middleware finds none, and the request goes through Nest's whole pipeline. */
const FULL_PIPELINE = { cookie: 'sid=not-a-session' };

type Answer = { status: number; body: unknown; headers: Record<string, string> };

/**
 * The search page's requests are served outside Nest's router (lean-search-routes.ts). Each
 * request here is sent twice, as a visitor without a session (the lean path) and with a session
 * cookie (Nest's pipeline, as before), from addresses of their own: status, body and headers
 * (all but Date and the first-touch cookie's times) must be the same, for answers, 400s,
 * 429s and the cross-site refusal.
 */
describe('search routes outside Nest keep the contract', () => {
  let db: TestDatabase;
  let server: Started;
  let address = 0;
  const send = async (path: string, o: { body?: unknown; headers?: Record<string, string>; ip?: string } = {}): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`, {
      method: o.body === undefined ? 'GET' : 'POST',
      headers: {
        'x-forwarded-for': o.ip ?? `198.51.100.${++address}`,
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...o.headers,
        ...(o.headers?.origin === 'SELF' ? { origin: server.url } : {}),
      },
      body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    });
    // Every answer has its own date and request id.
    const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== 'date' && k !== 'x-request-id'));
    // The first-touch cookie holds the time of the request, and expires 30 days after it.
    if (headers['set-cookie']) headers['set-cookie'] = headers['set-cookie'].replace(/^ft=[^;]*/, 'ft=…').replace(/Expires=[^;]*/, 'Expires=…');
    return { status: res.status, body: await res.json(), headers };
  };
  /** The same request on both paths. */
  const both = async (path: string, o: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const lean = await send(path, o);
    const full = await send(path, { ...o, headers: { ...o.headers, ...FULL_PIPELINE } });
    return { lean, full };
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { TRUST_PROXY: '1', SEARCH_RATE_PER_MINUTE: '60', SEARCH_CACHE_MS: '0' }));
    const items = [
      home('L1', { City: 'Leanton', Latitude: 47.6, Longitude: -122.3 }),
      home('L2', { City: 'Leanton', ListPrice: 725_000, Latitude: 47.61, Longitude: -122.31 }),
    ];
    await importListings(
      server.runtime.store,
      items.map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'T', ctx: systemContext() },
    );
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const box = { minlat: '47.5', maxlat: '47.7', minlong: '-122.4', maxlong: '-122.2' };
  const cases: [string, string, { body?: unknown; headers?: Record<string, string> }, number][] = [
    ['a list', '/api/search?kw=Leanton&sortby=price-desc', {}, 200],
    ['a list with a trailing slash', '/api/search/?acl_city=Leanton', {}, 200],
    ['a map', '/api/search/map', { body: { ...box, type: 'map' } }, 200],
    ['a map from the site itself', '/api/search/map', { body: box, headers: { origin: 'SELF' } }, 200],
    ['a split view', '/api/search/split', { body: box }, 200],
    ['autocomplete', '/api/search/autocomplete/kw/lea/?IncludeSearches=0', {}, 200],
    ['autocomplete, one group, term with a space', '/api/search/autocomplete/city/lean%20t/', {}, 200],
    ['a malformed number', '/api/search?minprice=abc', {}, 400],
    ['perpage past the cap', '/api/search?perpage=101', {}, 400],
    ['a map of the wrong type', '/api/search/map', { body: { type: 'list' } }, 400],
    ['a map body that is not an object', '/api/search/map', { body: [1, 2] }, 400],
    ['a body that is not JSON', '/api/search/map', { body: '{"minlat":' }, 400],
    ['a too short autocomplete term', '/api/search/autocomplete/kw/l/', {}, 400],
    ['an unknown autocomplete type', '/api/search/autocomplete/street/lea/', {}, 400],
    ['an unknown autocomplete parameter', '/api/search/autocomplete/kw/lea/?x=1', {}, 400],
    ['a polygon of two points', '/api/search/map', { body: { polygonmap: '47.6 -122.3, 47.7 -122.3' } }, 400],
    ['a cross-site map', '/api/search/map', { body: box, headers: { origin: 'https://evil.example' } }, 403],
  ];
  for (const [what, path, o, status] of cases) {
    it(`answers ${what} as Nest's pipeline does (${status})`, async () => {
      const { lean, full } = await both(path, o);
      expect(lean.status).toBe(status);
      expect(lean).toEqual(full);
      if (status >= 400) expect(lean.body).toEqual({ message: expect.any(String) });
    });
  }

  it('sets the security and cache headers on the lean path', async () => {
    const { headers } = await send('/api/search?kw=Leanton');
    expect(headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    });
    // The first-touch cookie is a page load's, not an API call's (a bot walking the search API gets none).
    expect(headers['set-cookie']).toBeUndefined();
  });

  it('counts the lean path against the address limits and answers 429 past them, as the full path does', async () => {
    for (const [ip, headers] of [
      ['203.0.113.1', {}],
      ['203.0.113.2', FULL_PIPELINE],
    ] as const) {
      // SEARCH_RATE_PER_MINUTE=60: bursts of 10, then one a second (a slow machine may earn one back while the burst is sent).
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      for (let i = 0; i < 30 && !statuses.includes(429); i++) {
        const a = await send(i % 2 ? '/api/search?kw=Leanton' : '/api/search/autocomplete/kw/lea/', { ip, headers });
        statuses.push(a.status);
        bodies.push(a.body);
      }
      expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(200));
      expect(statuses.slice(10, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(bodies.at(-1)).toEqual({ message: 'Too many searches from your address. Please try again in a minute.' });
    }
  });
});
