import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { HSTS } from '../../src/http/https-site';
import { contentSecurityPolicy } from '../../src/http/security-headers';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type WebResponse, WebClient } from '../support/web-client';

const cookieNamed = (res: WebResponse, name: string) => res.setCookies.find((c) => c.startsWith(`${name}=`));

/** Issue 12 §1 and §6: the headers every answer carries, and HTTPS-only cookies behind an https PUBLIC_URL. */
describe('security headers on every answer', () => {
  let db: TestDatabase;
  let server: Started;
  let cast: Awaited<ReturnType<typeof castOf>>;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    cast = await castOf(server);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const expectCommon = (res: WebResponse, what: string) => {
    expect({
      what,
      nosniff: res.headers['x-content-type-options'],
      referrer: res.headers['referrer-policy'],
      csp: res.headers['content-security-policy'],
    }).toEqual({
      what,
      nosniff: 'nosniff',
      referrer: 'strict-origin-when-cross-origin',
      csp: contentSecurityPolicy(server.runtime.config),
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  };

  it('pages and files: the CSP, nosniff and the referrer policy; pages are revalidated, files keep their caching', async () => {
    const anyone = WebClient.for(server.url);
    const page = await anyone.get('/search', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expectCommon(page, 'page');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const robots = await anyone.get('/robots.txt');
    expect(robots.status).toBe(200);
    expectCommon(robots, 'robots.txt');
    const docsCss = await anyone.get('/api/docs/assets/swagger-ui.css');
    expectCommon(docsCss, 'docs asset');
    expect(docsCss.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('API answers, errors included, are never stored; a route with its own caching keeps it', async () => {
    const anyone = WebClient.for(server.url);
    const staff = WebClient.for(server.url);
    expect((await staff.post('/api/account/login', { Email: cast.staff.email, password: PASSWORD })).body.isSuccess).toBe(true);
    const answers: [string, WebResponse, number][] = [
      ['search', await anyone.get('/api/search?acl_city=Seattle'), 200],
      ['me, signed in', await staff.get('/api/account/me'), 200],
      ['a back-office search', await staff.get('/api/backoffice/findmembers?q=lee'), 200],
      ['no such route', await anyone.get('/api/no-such-thing'), 404],
      ['signed out', await anyone.get('/api/backoffice/findmembers'), 401],
      ['malformed JSON', await anyone.request('POST', '/api/account/login', { raw: { body: '{', contentType: 'application/json' } }), 400],
    ];
    for (const [what, res, status] of answers) {
      expect({ what, status: res.status, cache: res.headers['cache-control'] }).toEqual({ what, status, cache: 'no-store' });
      expectCommon(res, what);
    }
    // socket.io's long polling is answered by engine.io, outside Express.
    const polling = await anyone.get('/socket.io/?EIO=4&transport=polling');
    expect(polling.status).toBe(200);
    expect(polling.headers['x-content-type-options']).toBe('nosniff');
    expect(polling.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const named = await anyone.get('/socket.io/?EIO=4&transport=polling', { headers: { 'X-Request-Id': 'lb-4711' } });
    expect(named.headers['x-request-id']).toBe('lb-4711');
    const config = await anyone.get('/api/config/public');
    expect(config.headers['cache-control']).toBe('no-cache');
    expectCommon(config, 'public config');
  });

  it('an http PUBLIC_URL: no HSTS and cookies without Secure (a laptop over plain HTTP must still sign in)', async () => {
    const c = WebClient.for(server.url);
    const res = await c.post('/api/account/login', { Email: cast.lead.email, password: PASSWORD });
    expect(cookieNamed(res, 'sid')).toBeDefined();
    expect(cookieNamed(res, 'sid')).not.toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('an https PUBLIC_URL behind a proxy that is not trusted (no TRUST_PROXY)', () => {
  let db: TestDatabase;
  let server: Started;
  let cast: Awaited<ReturnType<typeof castOf>>;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { PUBLIC_URL: 'https://homes.example.test' }));
    cast = await castOf(server);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('sends HSTS on every answer', async () => {
    const c = WebClient.for(server.url);
    for (const path of ['/search', '/api/search?acl_city=Seattle', '/api/no-such-thing', '/robots.txt']) {
      const res = await c.get(path, { headers: { accept: path.startsWith('/api') ? 'application/json' : 'text/html' } });
      expect({ path, hsts: res.headers['strict-transport-security'] }).toEqual({ path, hsts: 'max-age=31536000; includeSubDomains' });
    }
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });

  it('marks every cookie Secure although the last hop was plain HTTP', async () => {
    const c = WebClient.for(server.url);
    const page = await c.get('/search', { headers: { accept: 'text/html' } });
    expect(cookieNamed(page, 'ft')).toMatch(/;\s*Secure/i);
    const login = await c.post('/api/account/login', { Email: cast.lead.email, password: PASSWORD });
    expect(login.body.isSuccess).toBe(true);
    expect(cookieNamed(login, 'sid')).toMatch(/;\s*Secure/i);
    expect(cookieNamed(login, 'sid')).toMatch(/;\s*HttpOnly/i);
    // Clearing it must match the cookie it clears (same attributes).
    const out = await c.post('/api/account/logout', {});
    expect(cookieNamed(out, 'sid')).toMatch(/;\s*Secure/i);
  });
});
