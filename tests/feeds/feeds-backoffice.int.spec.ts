import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoutingRules } from '../../projections/lead-routing';
import type { FeedView } from '../../src/contract/feeds';
import { routeLead } from '../../src/modules/office';
import { type Started, startServer } from '../../src/main';
import { FeedRuns, type FeedSyncEvent, feedSyncStream } from '../../src/modules/feeds';
import { castOf, registerPerson, signedIn } from '../support/backoffice-people';
import { properties, property, TEST_SECRET } from '../support/feed-fixture';
import { ResoServer } from '../support/reso-server';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { WebClient } from '../support/web-client';
import { waitUntil as until } from '../support/wait-until';

type Progress = { name: string; syncId: string; kind: string; phase: string; counts: { fetched: number; imported: number }; expectedTotal: number | null };

describe('feeds in the back-office and on the server (contract 4a)', () => {
  let db: TestDatabase;
  let server: Started;
  let second: Started | undefined;
  let staff: WebClient;
  let agent: WebClient;
  let cast: Awaited<ReturnType<typeof castOf>>;
  let socket: Socket;
  const reso: ResoServer[] = [];
  const progress: Progress[] = [];
  const env = { SECRET_KEY: TEST_SECRET, FEEDS_SWEEP_MS: '100', FEEDS_BACKOFF_MS: '10', FEEDS_ATTEMPTS: '2' };

  const feedOf = async (name: string): Promise<FeedView | undefined> =>
    ((await staff.get('/api/backoffice/feeds')).body.feeds as FeedView[]).find((f) => f.name === name);
  const standIn = async (options: ConstructorParameters<typeof ResoServer>[0] = {}) => {
    const s = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }], ...options }).start();
    reso.push(s);
    return s;
  };
  const addBody = (name: string, s: ResoServer, extra: Record<string, unknown> = {}) => ({
    name,
    url: s.url,
    auth: { kind: 'oauth2', tokenUrl: s.tokenUrl, clientId: 'porchlight', clientSecret: 's3cret', scope: 'api' },
    resources: ['Property', 'Media'],
    pollIntervalSeconds: 3600,
    ...extra,
  });
  const syncEvents = async (name: string) => (await server.runtime.store.readStream(feedSyncStream(name))) as unknown as FeedSyncEvent[];

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, env));
    cast = await castOf(server);
    staff = await signedIn(server, cast.staff);
    agent = await signedIn(server, cast.agent);
    socket = io(server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: staff.cookieHeader(), origin: new URL(server.url).origin },
      reconnection: false,
    });
    socket.on('feed.progress', (p: Progress) => progress.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await second?.stop();
    await server?.stop();
    await Promise.all(reso.map((s) => s.stop()));
    await db?.drop();
  });

  it('is for staff only: signed out 401, an agent 403', async () => {
    const anonymous = await signedIn(server, null);
    expect((await anonymous.get('/api/backoffice/feeds')).status).toBe(401);
    expect((await agent.get('/api/backoffice/feeds')).status).toBe(403);
    expect((await agent.post('/api/backoffice/feeds', { name: 'X', url: 'https://x.test' })).status).toBe(403);
    expect((await agent.post('/api/backoffice/feeds/X/sync', {})).status).toBe(403);
  });

  it('a feed added in the back-office is synced by the server on its own, progress pushed live; secrets never come back', async () => {
    const s = await standIn();
    s.put('Property', ...properties(2400));
    s.put('Media', { MediaKey: 'p1', ResourceRecordKey: 'K00001', MediaURL: 'https://photos.example.test/1.jpg', Order: 1 });
    const added = await staff.post('/api/backoffice/feeds', addBody('AUTO', s));
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      isSuccess: true,
      name: 'AUTO',
      created: true,
      settings: { auth: { kind: 'oauth2', clientId: 'porchlight', scope: 'api', hasSecret: true } },
    });
    expect(added.text).not.toContain('s3cret');

    const feed = await until('the first sync', async () => {
      const f = await feedOf('AUTO');
      return f?.lastSuccessAt ? f : undefined;
    });
    expect(feed).toMatchObject({ url: s.url, counts: { fetched: 2400, imported: 2400, changed: 0, unchanged: 0, deleted: 0, rejected: 0 }, lastError: null });
    expect(feed.lagSeconds).toBeGreaterThan(0);
    expect(feed.newestModificationTimestamp).toBe('2024-01-01T00:39:59.000Z');
    const list = await staff.get('/api/backoffice/feeds');
    expect(list.text).not.toContain('s3cret');
    expect(list.text).not.toContain('clientSecret');

    const pushes = await until('the pushes of the first sync', async () =>
      progress.some((p) => p.name === 'AUTO' && p.phase === 'completed' && p.kind === 'sync') ? progress.filter((p) => p.name === 'AUTO') : undefined,
    );
    expect(pushes[0]).toMatchObject({ phase: 'started', kind: 'sync' });
    const running = pushes.filter((p) => p.phase === 'running' && p.kind === 'sync');
    expect(running.map((p) => p.counts.fetched)).toEqual(expect.arrayContaining([2400]));
    expect(running.every((p) => p.expectedTotal === 2400)).toBe(true);
    // After the first sync, the first daily reconcile.
    await until('the first reconcile', async () => (await feedOf('AUTO'))?.lastReconcileAt);
    const events = await syncEvents('AUTO');
    expect(events.filter((e) => e.type === 'FeedSyncStarted').map((e) => (e.data as { kind: string }).kind)).toEqual(['sync', 'reconcile']);
  });

  it('"Sync now" starts a sync at once (409 while one runs); a failing feed shows its error and keeps its listings', async () => {
    const s = await standIn({ delayMs: 100 });
    s.put('Property', ...properties(30));
    expect(
      (
        await staff.post(
          '/api/backoffice/feeds',
          addBody('NOW', s, { pageSize: 5, disclaimer: 'Listings courtesy of the NOW MLS; deemed reliable, not guaranteed.' }),
        )
      ).status,
    ).toBe(200);
    // The scheduler's first sync, then its first reconcile.
    await until('the first sync and reconcile', async () => {
      const f = await feedOf('NOW');
      return f?.lastReconcileAt && f.running === null && !(await server.app.get(FeedRuns).isRunning('NOW'));
    });
    s.put('Property', ...properties(30).map((r) => ({ ...r, ListPrice: 1, ModificationTimestamp: `2025${String(r.ModificationTimestamp).slice(4)}` })));
    // A scheduler's look at the sync stream (here: not due) under way when the person clicks: the
    // click waits for it rather than answering "already running".
    const look = server.app.get(FeedRuns).start('NOW', 'sync', undefined, { afterSuccessMs: 3_600_000, afterFailureMs: 3_600_000 });
    const now = await staff.post('/api/backoffice/feeds/NOW/sync', {});
    expect(await look).toBeNull();
    expect(now.status).toBe(202);
    expect(now.body.syncId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await staff.post('/api/backoffice/feeds/NOW/sync', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already running/);
    const done = await until('the sync now', async () => {
      const f = await feedOf('NOW');
      return f && f.running === null && f.counts.changed === 30 ? f : undefined;
    });
    expect(done.counts).toMatchObject({ fetched: 30, changed: 30 });

    await s.stop();
    const failing = await staff.post('/api/backoffice/feeds/NOW/sync', {});
    expect(failing.status).toBe(202);
    const failed = await until('the failure', async () => {
      const f = await feedOf('NOW');
      return f?.lastError ? f : undefined;
    });
    expect(failed.lastError).toMatch(/could not be reached \(ECONNREFUSED\)/);
    expect(failed.lastSuccessAt).toBe(done.lastSuccessAt);
    const found = await staff.get('/api/search/result/NOW-K00001');
    expect(found.status).toBe(200);
    // The listing page shows the feed's own disclaimer with its last good sync (IDX).
    const details = await staff.get('/api/details/NOW-K00001');
    expect(details.body.disclaimer).toEqual({
      mls: 'NOW',
      text: 'Listings courtesy of the NOW MLS; deemed reliable, not guaranteed.',
      updatedAt: done.lastSuccessAt,
    });
    expect((await staff.post('/api/backoffice/feeds/NOSUCH/sync', {})).status).toBe(404);
  });

  it('validates what staff send with clear messages, keeps a secret left out, and removes a feed', async () => {
    const s = await standIn();
    const bad = await staff.post('/api/backoffice/feeds', { name: 'BAD', url: 'ftp://x' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'The service root URL must be an http(s) URL without a user name or password in it' } });
    expect(
      (await staff.post('/api/backoffice/feeds', { name: 'BAD', url: s.url, auth: { kind: 'oauth2', tokenUrl: s.tokenUrl, clientId: 'c' } })).body.message,
    ).toMatch(/client secret is required/);
    expect((await staff.post('/api/backoffice/feeds', { name: 'BAD', url: s.url, password: 'x' })).body.message).toBe('Unknown field: password');
    expect((await staff.post('/api/backoffice/feeds', addBody('KEEP', s))).status).toBe(200);
    await until(
      'the scheduler to be done with the new feed',
      async () => (await feedOf('KEEP'))?.lastReconcileAt && !server.app.get(FeedRuns).isRunning('KEEP'),
    );
    // The edit form sends no secret: the stored one stays, and the feed still syncs.
    const edited = await staff.post('/api/backoffice/feeds', {
      name: 'KEEP',
      auth: { kind: 'oauth2', tokenUrl: s.tokenUrl, clientId: 'porchlight' },
      pageSize: 50,
    });
    expect(edited.body).toMatchObject({ changed: true, settings: { pageSize: 50, auth: { hasSecret: true } } });
    s.put('Property', property('KP1', '2024-01-01T00:00:00Z'));
    expect((await staff.post('/api/backoffice/feeds/KEEP/sync', {})).status).toBe(202);
    await until('the sync with the kept secret', async () => (await feedOf('KEEP'))?.counts.imported === 1);
    expect((await staff.post('/api/backoffice/feeds/KEEP/remove', {})).status).toBe(200);
    await until('the removal', async () => (await feedOf('KEEP')) === undefined);
    expect((await staff.delete('/api/backoffice/feeds/KEEP')).status).toBe(404);
  });

  it('links a listing to the agent whose MLS id is its ListAgentMlsId, so the listing-agent rule routes its leads', async () => {
    expect((await agent.post('/api/dashboard/agents/mlsid', { mlsId: 'bad id!' })).status).toBe(400);
    // The agent gives it, the broker confirms it.
    expect(await agent.post('/api/dashboard/agents/mlsid', { mlsId: 'MRED-4411' })).toMatchObject({
      status: 200,
      body: { mlsId: null, pendingMlsId: 'MRED-4411' },
    });
    const broker = await signedIn(server, cast.broker);
    expect(await broker.post(`/api/dashboard/agents/${cast.agent.userId}/mlsid`, { mlsId: 'MRED-4411' })).toMatchObject({
      status: 200,
      body: { mlsId: 'MRED-4411' },
    });
    // Another office (of another MLS) knows someone else by the same id: each office links its own agent, neither loses it.
    const otherBroker = await registerPerson(server, { email: 'olga@other.test', firstName: 'Olga', lastName: 'Other', level: 15 });
    const otherAgent = await registerPerson(server, {
      email: 'oscar@other.test',
      firstName: 'Oscar',
      lastName: 'Other',
      level: 10,
      officeId: otherBroker.userId,
    });
    await server.runtime.runner.waitForCatchUp();
    expect((await (await signedIn(server, otherBroker)).post(`/api/dashboard/agents/${otherAgent.userId}/mlsid`, { mlsId: 'MRED-4411' })).status).toBe(200);
    await server.runtime.runner.waitForCatchUp();
    expect(
      ((await agent.get('/api/dashboard/agents')).body.agents as { userId: string; mlsId: string | null }[]).find((a) => a.userId === cast.agent.userId)?.mlsId,
    ).toBe('MRED-4411');
    const s = await standIn();
    s.put(
      'Property',
      property('LA1', '2024-01-01T00:00:00Z', { ListAgentMlsId: 'MRED-4411' }),
      property('LA2', '2024-01-01T00:00:01Z', { ListAgentMlsId: 'SOMEONE-ELSE' }),
    );
    expect((await staff.post('/api/backoffice/feeds', addBody('AGT', s))).status).toBe(200);
    await until('the sync', async () => (await feedOf('AGT'))?.lastSuccessAt);
    const office = await server.runtime.store.readStream(`office-${cast.broker.userId}`);
    expect(office.filter((e) => e.type === 'ListingAgentLinked').map((e) => e.data)).toEqual([
      { officeId: cast.broker.userId, pdid: 'AGT-LA1', agentId: cast.agent.userId },
    ]);
    const otherOffice = await server.runtime.store.readStream(`office-${otherBroker.userId}`);
    expect(otherOffice.filter((e) => e.type === 'ListingAgentLinked').map((e) => e.data)).toEqual([
      { officeId: otherBroker.userId, pdid: 'AGT-LA1', agentId: otherAgent.userId },
    ]);
    await server.runtime.runner.waitForCatchUp();
    const rules = (await loadRoutingRules(server.runtime.db.pool, cast.siteId, 'AGT-LA1'))!;
    expect(routeLead({ listingPdid: 'AGT-LA1' }, rules, null)).toMatchObject({ agentId: cast.agent.userId, rule: 'listing-agent' });
    expect((await loadRoutingRules(server.runtime.db.pool, cast.siteId, 'AGT-LA2'))!.listingAgentId).toBeNull();
    // The same record again links nothing more.
    expect((await staff.post('/api/backoffice/feeds', { name: 'AGT', pageSize: 10 })).status).toBe(200);
    s.put('Property', property('LA1', '2024-02-01T00:00:00Z', { ListAgentMlsId: 'MRED-4411', ListPrice: 1 }));
    // Done when the change is stored, whichever sync took it (the scheduler's or one asked for
    // here): the last sync's counts alone may be a later sync that found nothing new.
    await until('the second sync', async () => {
      const stored = await server.runtime.store.readStream('listing-AGT-LA1');
      if (stored.some((e) => e.type === 'ListingPriceChanged')) return true;
      if (!server.app.get(FeedRuns).isRunning('AGT')) await staff.post('/api/backoffice/feeds/AGT/sync', {});
      return false;
    });
    await until('the feed at rest', async () => !server.app.get(FeedRuns).isRunning('AGT'));
    expect((await server.runtime.store.readStream(`office-${cast.broker.userId}`)).filter((e) => e.type === 'ListingAgentLinked')).toHaveLength(1);
  });

  it('with two server instances, each feed is synced by one of them only', async () => {
    second = await startServer(testConfig(db.url, env));
    const s = await standIn();
    s.put('Property', ...properties(500));
    expect((await staff.post('/api/backoffice/feeds', addBody('ONCE', s, { pollIntervalSeconds: 3600 }))).status).toBe(200);
    await until('the first sync and reconcile', async () => (await feedOf('ONCE'))?.lastReconcileAt);
    // Both instances sweep every 100 ms: give them many chances to run it twice.
    await new Promise((r) => setTimeout(r, 1500));
    const started = (await syncEvents('ONCE')).filter((e) => e.type === 'FeedSyncStarted').map((e) => (e.data as { kind: string }).kind);
    expect(started).toEqual(['sync', 'reconcile']);
    const listed = await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ListingListed' AND stream_id LIKE 'listing-ONCE-%'`);
    expect(listed.rows[0].n).toBe(500);
  });
});
