import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedView } from '../../src/contract/feeds';
import { type Started, startServer } from '../../src/main';
import { systemContext } from '../../src/commands/command-context';
import { configureFeed, FeedSecrets, feedStream, FeedUnreachableError, runFeed, type FeedRunDeps } from '../../src/modules/feeds';
import { BEARER_TOKEN_AGAIN, CLIENT_SECRET_AGAIN } from '../../src/modules/feeds/configure-feed/configure-feed.decide';
import { LEADS_TO_PRIVATE, Outbound, type Resolve } from '../../src/shared/net/outbound';
import { castOf, signedIn } from '../support/backoffice-people';
import { properties, TEST_SECRET } from '../support/feed-fixture';
import { ResoServer } from '../support/reso-server';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { WebClient } from '../support/web-client';

/** The resolver port as a table: no DNS in tests. */
const table =
  (entries: Record<string, string>): Resolve =>
  async (host) => {
    const address = entries[host];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

/**
 * A stored MLS secret goes only where it was given for, and in production (ALLOW_PRIVATE_OUTBOUND
 * off) no feed URL leads into the server's own network, when it is set or when it is connected to.
 */
describe('feed secrets and the addresses they go to', () => {
  let db: TestDatabase;
  let server: Started;
  let staff: WebClient;
  let reso: ResoServer;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { SECRET_KEY: TEST_SECRET, FEEDS_SWEEP_MS: '3600000', ALLOW_PRIVATE_OUTBOUND: '0' }));
    staff = await signedIn(server, (await castOf(server)).staff);
    reso = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }], bearerTokens: ['b34rer'] }).start();
    reso.put('Property', ...properties(3));
  });
  afterAll(async () => {
    await server?.stop();
    await reso?.stop();
    await db?.drop();
  });

  const configure = (body: Record<string, unknown>) => staff.post('/api/backoffice/feeds', body);
  const feedOf = async (name: string) => ((await staff.get('/api/backoffice/feeds')).body.feeds as FeedView[]).find((f) => f.name === name);
  /** The server's own stores and secrets, with the resolver and policy a test gives. */
  const deps = (outbound: Outbound): FeedRunDeps => ({
    store: server.runtime.store,
    pool: server.runtime.db.pool,
    databaseUrl: server.runtime.db.url,
    secrets: server.app.get(FeedSecrets),
    client: { attempts: 2, backoffMs: 10, timeoutMs: 10_000 },
    outbound,
  });
  const until = async <T>(probe: () => Promise<T | undefined | null | false>): Promise<T> => {
    for (let i = 0; i < 300; i++) {
      const v = await probe();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('timed out');
  };

  it('changing a token URL or service root without the secret again is refused (400); with it, it is taken', async () => {
    const oauth = { kind: 'oauth2', tokenUrl: 'https://mls.example.test/token', clientId: 'porchlight' };
    expect((await configure({ name: 'OAUTH', url: 'https://mls.example.test/odata', auth: { ...oauth, clientSecret: 's3cret' } })).status).toBe(200);
    const moved = await configure({ name: 'OAUTH', auth: { ...oauth, tokenUrl: 'https://collector.example.test/token' } });
    expect(moved.status, moved.text).toBe(400);
    expect(moved.body).toEqual({ message: CLIENT_SECRET_AGAIN });
    expect((await configure({ name: 'OAUTH', url: 'https://collector.example.test/odata' })).body).toEqual({ message: CLIENT_SECRET_AGAIN });
    // Other changes keep the secret; the same addresses again are no change.
    expect((await configure({ name: 'OAUTH', pageSize: 100, auth: oauth })).body).toMatchObject({ changed: true });
    const given = await configure({ name: 'OAUTH', auth: { ...oauth, tokenUrl: 'https://mls2.example.test/token', clientSecret: 'new-s3cret' } });
    expect(given.status, given.text).toBe(200);
    expect(given.body.settings.auth).toMatchObject({ tokenUrl: 'https://mls2.example.test/token' });

    expect((await configure({ name: 'BEARER', url: 'https://mls.example.test/odata', auth: { kind: 'bearer', token: 'b34rer' } })).status).toBe(200);
    const rooted = await configure({ name: 'BEARER', url: 'https://collector.example.test/odata' });
    expect(rooted.status).toBe(400);
    expect(rooted.body).toEqual({ message: BEARER_TOKEN_AGAIN });
    expect((await until(() => feedOf('BEARER'))).url).toBe('https://mls.example.test/odata');
  });

  it('with private addresses not allowed (production), a feed or token URL on loopback, private or link-local addresses is refused when set', async () => {
    for (const url of [
      reso.url,
      'http://localhost:8080/odata',
      'http://[::1]/odata',
      'http://[::ffff:127.0.0.1]/odata',
      'http://0.0.0.0/odata',
      'http://169.254.169.254/latest',
      'http://10.0.0.5/odata',
      'http://[fd00::1]/x',
      'http://[fe80::1]/x',
    ]) {
      const res = await configure({ name: 'INSIDE', url, auth: { kind: 'none' } });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(`The service root URL ${LEADS_TO_PRIVATE} (unless its operator sets ALLOW_PRIVATE_OUTBOUND=1)`);
    }
    const token = await configure({
      name: 'INSIDE',
      url: 'https://mls.example.test/odata',
      auth: { kind: 'oauth2', tokenUrl: 'http://127.0.0.1:9/token', clientId: 'c', clientSecret: 's' },
    });
    expect(token.status).toBe(400);
    expect(token.body.message).toMatch(/^The token URL leads to a loopback, private or link-local address/);
    expect(await server.runtime.store.readStream(feedStream('INSIDE'))).toEqual([]);
  });

  it('a name that resolves to 127.0.0.1 only when connected to (DNS rebinding) is refused at sync: nothing is sent, lastError says why', async () => {
    const port = new URL(reso.url).port;
    // Set: the name does not resolve (yet), so it is taken; the sync's connection is checked again.
    const set = await configure({ name: 'REBIND', url: `http://mls.rebind.test:${port}/odata`, auth: { kind: 'bearer', token: 'b34rer' } });
    expect(set.status, set.text).toBe(200);
    const before = reso.requestsTo('Property').length;
    const error = await runFeed(deps(new Outbound({ allowPrivate: false, resolve: table({ 'mls.rebind.test': '127.0.0.1' }) })), 'REBIND', {
      kind: 'sync',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedUnreachableError);
    expect((error as Error).message).toContain(LEADS_TO_PRIVATE);
    expect(reso.requestsTo('Property').length).toBe(before);
    const feed = await until(async () => (await feedOf('REBIND'))?.lastError);
    expect(feed).toBe(`http://mls.rebind.test:${port}/odata/Property ${LEADS_TO_PRIVATE} (ALLOW_PRIVATE_OUTBOUND)`);

    // The same name allowed to lead to the local stand-in (ALLOW_PRIVATE_OUTBOUND=1): the connection goes where our lookup said.
    const synced = await runFeed(deps(new Outbound({ allowPrivate: true, resolve: table({ 'mls.rebind.test': '127.0.0.1' }) })), 'REBIND', { kind: 'sync' });
    expect(synced.counts.imported).toBe(3);
  });

  it('what an address on a private network answered never reaches lastError (production, even with ALLOW_PRIVATE_OUTBOUND=1)', async () => {
    const internal = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }] }).start();
    try {
      // An operator who allows private addresses (ALLOW_PRIVATE_OUTBOUND=1) in production.
      const outbound = new Outbound({ allowPrivate: true });
      const base = new URL(internal.url).origin;
      const oauth = (clientSecret: string) => ({ kind: 'oauth2' as const, tokenUrl: internal.tokenUrl, clientId: 'porchlight', clientSecret });
      await configureFeed(
        server.runtime.store,
        server.app.get(FeedSecrets),
        { name: 'INTERNAL', url: internal.url, auth: oauth('s3cret') },
        systemContext(),
        outbound,
      );
      const leak = { status: 400, body: { error: { code: '400', message: 'db-password=hunter2 internal-admin-console' } } };
      // Refused once, the first query is asked again more simply: the warning says so without the answer's words.
      internal.failNext(leak);
      const warned = await runFeed(deps(outbound), 'INTERNAL', { kind: 'sync' });
      expect(warned.warnings.join(' ')).toContain(`${base}/odata/Property answered HTTP 400`);
      expect(warned.warnings.join(' ')).not.toMatch(/hunter2|internal-admin-console/);
      // Refused every time: the sync fails, and lastError has the status only.
      internal.failNext(...Array.from({ length: 8 }, () => leak));
      const failed = (await runFeed(deps(outbound), 'INTERNAL', { kind: 'sync', full: true }).catch((e: unknown) => e)) as Error;
      expect(failed.message).toMatch(/answered HTTP 400$/);
      const lastError = await until(async () => (await feedOf('INTERNAL'))?.lastError);
      expect(lastError).toMatch(/answered HTTP 400$/);
      expect(JSON.stringify(await feedOf('INTERNAL'))).not.toMatch(/hunter2|internal-admin-console/);

      // Nor the token endpoint's words.
      await configureFeed(server.runtime.store, server.app.get(FeedSecrets), { name: 'INTERNAL', auth: oauth('wrong') }, systemContext(), outbound);
      const refused = (await runFeed(deps(outbound), 'INTERNAL', { kind: 'sync' }).catch((e: unknown) => e)) as Error;
      expect(refused.message).toBe(`The token endpoint ${base}/oauth2/token refused the client credentials (HTTP 401)`);
    } finally {
      await internal.stop();
    }
  });
});
