import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedView } from '../../src/contract/feeds';
import { type Started, startServer } from '../../src/main';
import { feedSyncStream } from '../../src/modules/feeds';
import { projectRoot } from '../../src/shared/paths';
import { castOf, signedIn } from '../support/backoffice-people';
import { properties, TEST_SECRET } from '../support/feed-fixture';
import { ResoServer } from '../support/reso-server';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { WebClient } from '../support/web-client';
import { waitUntil as until } from '../support/wait-until';

const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'feed.cli.js');

describe('a feed run whose process is killed (kill -9) is shown as interrupted, and the next run starts', () => {
  let db: TestDatabase;
  let server: Started;
  let staff: WebClient;
  let reso: ResoServer;

  const feedOf = async (name: string): Promise<FeedView | undefined> =>
    ((await staff.get('/api/backoffice/feeds')).body.feeds as FeedView[]).find((f) => f.name === name);
  const count = async (sql: string, params: unknown[]) => Number((await db.pool.query<{ n: string }>(sql, params)).rows[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // The server's scheduler stays out of the way (one sweep an hour): only the person's "Sync now" runs here.
    server = await startServer(testConfig(db.url, { SECRET_KEY: TEST_SECRET, FEEDS_SWEEP_MS: '3600000', FEEDS_BACKOFF_MS: '10', FEEDS_ATTEMPTS: '2' }));
    staff = await signedIn(server, (await castOf(server)).staff);
    reso = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }], delayMs: 100 }).start();
  });
  afterAll(async () => {
    await server?.stop();
    await reso?.stop();
    await db?.drop();
  });

  it('another process dies mid-sync: the Feeds tab says interrupted (not running), "Sync now" runs the feed to the end from the checkpoint', async () => {
    reso.put('Property', ...properties(3000));
    const added = await staff.post('/api/backoffice/feeds', {
      name: 'DEAD',
      url: reso.url,
      auth: { kind: 'oauth2', tokenUrl: reso.tokenUrl, clientId: 'porchlight', clientSecret: 's3cret' },
      resources: ['Property'],
      pageSize: 100,
      pollIntervalSeconds: 3600,
    });
    expect(added.status).toBe(200);

    // Another instance's run: a real process holding the feed, killed once it stored its first batch.
    const child = spawn('node', [cli, 'sync', 'DEAD'], {
      env: { ...process.env, DATABASE_URL: db.url, SECRET_KEY: TEST_SECRET, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const live = await until('the live run on the Feeds tab', async () => {
      const f = await feedOf('DEAD');
      return f?.running && f.running.counts.fetched > 0 ? f : undefined;
    });
    expect(live).toMatchObject({ running: { kind: 'sync' }, interrupted: null });
    const stored = await count(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND type = 'FeedCheckpointAdvanced'`, [feedSyncStream('DEAD')]);
    expect(stored).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    expect(
      await count(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND type IN ('FeedSyncCompleted', 'FeedSyncFailed')`, [feedSyncStream('DEAD')]),
    ).toBe(0);

    const cut = await until(
      'the killed run to show as no longer running',
      async () => {
        const f = await feedOf('DEAD');
        return f && f.running === null ? f : undefined;
      },
      15_000,
    );
    expect(cut.interrupted).toMatchObject({ syncId: live.running!.syncId, kind: 'sync' });
    expect(cut.lastError).toMatch(/^The sync started at .* stopped before it finished \(its process ended\); what it stored stays/);

    // The next run starts at once, and no second one beside it.
    const now = await staff.post('/api/backoffice/feeds/DEAD/sync', {});
    expect(now.status).toBe(202);
    const again = await staff.post('/api/backoffice/feeds/DEAD/sync', {});
    expect(again.status).toBe(409);
    const done = await until('the next run to end', async () => {
      const f = await feedOf('DEAD');
      return f?.lastSuccessAt ? f : undefined;
    });
    expect(done).toMatchObject({ running: null, interrupted: null, lastError: null });
    expect(await count(`SELECT count(DISTINCT stream_id) AS n FROM events WHERE type = 'ListingListed' AND stream_id LIKE 'listing-DEAD-%'`, [])).toBe(3000);
    expect(await count(`SELECT count(*) AS n FROM events WHERE type = 'ListingListed' AND stream_id LIKE 'listing-DEAD-%'`, [])).toBe(3000);
  });
});
