import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { FeedBusyError, feedSyncStream, runFeed } from '../../src/modules/feeds';
import { projectRoot } from '../../src/shared/paths';
import { newId } from '../../src/shared/ids';
import { type FeedFixture, feedFixture, properties, TEST_SECRET } from '../support/feed-fixture';
import type { ResoServer } from '../support/reso-server';

const run = promisify(execFile);
const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'feed.cli.js');
type Ran = { code: number; stdout: string; stderr: string };

describe('npm run feed (contract 4a): works without the server, survives kill -9, one sync at a time', () => {
  let f: FeedFixture;
  let env: NodeJS.ProcessEnv;
  const feed = (...args: string[]): Promise<Ran> =>
    run('node', [cli, ...args], { env }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  const checkpoints = async (name: string) =>
    Number(
      (
        await f.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND type = 'FeedCheckpointAdvanced'`, [
          feedSyncStream(name),
        ])
      ).rows[0]!.n,
    );
  const listedCount = async (mls: string) =>
    (
      await f.db.pool.query<{ listed: string; streams: string }>(
        `SELECT count(*)::text AS listed, count(DISTINCT stream_id)::text AS streams FROM events WHERE type = 'ListingListed' AND stream_id LIKE $1`,
        [`listing-${mls}-%`],
      )
    ).rows[0]!;
  /** A command left running: its output so far, and how it ended. */
  const started = (...args: string[]) => {
    const child = spawn('node', [cli, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const ended = new Promise<Ran>((resolve) => child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr })));
    const says = async (text: string) => {
      while (!stderr.includes(text)) await new Promise((r) => setTimeout(r, 20));
    };
    return { child, ended, says, stderr: () => stderr };
  };
  const oauth = (server: ResoServer) => ['--url', server.url, '--token-url', server.tokenUrl, '--client-id', 'porchlight', '--client-secret', 's3cret'];

  beforeAll(async () => {
    f = await feedFixture();
    env = {
      ...process.env,
      DATABASE_URL: f.db.url,
      SECRET_KEY: TEST_SECRET,
      LOG_LEVEL: 'warn',
      PROJECTION_POLL_MS: '50',
      FEEDS_BACKOFF_MS: '10',
      FEEDS_ATTEMPTS: '3',
    };
  });
  afterAll(async () => {
    await f?.close();
  });

  it('adds a feed, syncs it with the exact last line, shows its status, never shows or stores the secret in clear', async () => {
    const server = await f.server();
    server.put('Property', ...properties(1234));
    const added = await feed(
      'add',
      'CLI',
      ...oauth(server),
      '--resources',
      'Property,Media',
      '--timezone',
      'America/Chicago',
      '--interval',
      '5m',
      '--page-size',
      '500',
    );
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toMatch(/^Feed CLI added: .*auth oauth2, Property,Media, America\/Chicago, every 300 s, pages of 500, paging auto/);
    expect(await feed('add', 'CLI', '--page-size', '500')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Feed CLI unchanged/) });

    const synced = await feed('sync', 'CLI');
    expect(synced.code).toBe(0);
    expect(synced.stdout).toBe('fetched 1234, imported 1234, changed 0, unchanged 0, deleted 0, rejected 0\n');
    expect(await feed('sync', 'CLI')).toMatchObject({ code: 0, stdout: 'fetched 0, imported 0, changed 0, unchanged 0, deleted 0, rejected 0\n' });

    const status = await feed('status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /^CLI {2}http:\/\/127\.0\.0\.1:\d+\/odata\n {2}last sync 20\d\d-.*\n {2}fetched 0, imported 0, changed 0, unchanged 0, deleted 0, rejected 0\n {2}lag \d+ s \(newest ModificationTimestamp 2024-01-01T00:20:33\.000Z\)\n {2}last error: none\n/,
    );
    const all = [added, synced, status].map((r) => r.stdout + r.stderr).join('');
    expect(all).not.toContain('s3cret');
    const clear = await f.db.pool.query(`SELECT 1 FROM events WHERE data::text LIKE '%s3cret%'`);
    expect(clear.rowCount).toBe(0);
  });

  it('kill -9 in the middle of a sync, then sync again: every record imported once, none lost', async () => {
    const server = await f.server({ delayMs: 40 });
    server.put('Property', ...properties(5000));
    expect(await feed('add', 'KILL', ...oauth(server), '--page-size', '100')).toMatchObject({ code: 0 });
    for (const stopAfter of [1, 3]) {
      const child: ChildProcess = spawn('node', [cli, 'sync', 'KILL'], { env, stdio: 'ignore' });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      while ((await checkpoints('KILL')) < stopAfter) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      await exited;
    }
    const before = await listedCount('KILL');
    expect(Number(before.listed)).toBeGreaterThanOrEqual(3000);
    expect(Number(before.listed)).toBeLessThan(5000);
    server.options.delayMs = 0;
    const resumed = await feed('sync', 'KILL');
    expect(resumed.code).toBe(0);
    const fetched = Number(/fetched (\d+)/.exec(resumed.stdout)![1]);
    expect(resumed.stdout).toBe(
      `fetched ${fetched}, imported ${5000 - Number(before.listed)}, changed 0, unchanged ${fetched - (5000 - Number(before.listed))}, deleted 0, rejected 0\n`,
    );
    // What a killed batch had fetched but not stored comes again; nothing stored comes twice.
    expect(fetched - (5000 - Number(before.listed))).toBeLessThan(1000);
    expect(await listedCount('KILL')).toEqual({ listed: '5000', streams: '5000' });
    const status = await feed('status');
    expect(status.stdout).toMatch(/KILL .*\n.*\n {2}fetched \d+, imported \d+/);
  });

  it("a sync that finds another running (the server's) follows it with its progress; its last line and exit code are that run's outcome", async () => {
    const server = await f.server({ delayMs: 300 });
    server.put('Property', ...properties(3000));
    expect(await feed('add', 'FOLLOW', ...oauth(server), '--page-size', '100')).toMatchObject({ code: 0 });
    // The server's scheduler, here in the test's process, takes the sync first; slow until the command follows it.
    const elsewhere = runFeed(f.deps, 'FOLLOW', { kind: 'sync' });
    while ((await checkpoints('FOLLOW')) < 1) await new Promise((r) => setTimeout(r, 20));
    const followed = started('sync', 'FOLLOW');
    await followed.says('following it to its end');
    server.options.delayMs = 0;
    const result = await elsewhere;
    expect(result.counts).toMatchObject({ fetched: 3000, imported: 3000 });
    expect(await followed.ended).toMatchObject({ code: 0, stdout: 'fetched 3000, imported 3000, changed 0, unchanged 0, deleted 0, rejected 0\n' });
    expect(followed.stderr()).toMatch(/A sync of feed FOLLOW is running elsewhere \(started 20\d\d-.*\); following it to its end/);
    expect(followed.stderr()).toMatch(/sync FOLLOW \d+% \d+\/3000 imported 3000/);

    // The run followed dies: the follower goes on from its checkpoint, and says what it did itself.
    server.options.delayMs = 300;
    server.put('Property', ...properties(3000).map((r) => ({ ...r, ListPrice: 2, ModificationTimestamp: `2025-${String(r.ModificationTimestamp).slice(5)}` })));
    const before = await checkpoints('FOLLOW');
    const doomed = started('sync', 'FOLLOW');
    while ((await checkpoints('FOLLOW')) < before + 2) await new Promise((r) => setTimeout(r, 20));
    const follower = started('sync', 'FOLLOW');
    await follower.says('following it to its end');
    doomed.child.kill('SIGKILL');
    await doomed.ended;
    server.options.delayMs = 0;
    const ended = await follower.ended;
    expect(ended.code).toBe(0);
    expect(ended.stdout).toMatch(/^fetched \d+, imported 0, changed \d+, unchanged \d+, deleted 0, rejected 0\n$/);
    const changed = Number(
      (await f.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE type = 'ListingPriceChanged' AND stream_id LIKE 'listing-FOLLOW-%'`))
        .rows[0]!.n,
    );
    expect(changed).toBe(3000);
  });

  it('two syncs of one feed at once: one runs, the other follows it to the same outcome; a writer that slips past the lock stops the sync instead of interleaving', async () => {
    const server = await f.server({ delayMs: 40 });
    server.put('Property', ...properties(3000));
    expect(await feed('add', 'TWO', ...oauth(server), '--page-size', '100')).toMatchObject({ code: 0 });
    const [a, b] = await Promise.all([feed('sync', 'TWO'), new Promise((r) => setTimeout(r, 300)).then(() => feed('sync', 'TWO'))]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.stdout).toBe(a.stdout);
    expect(b.stdout).toBe('fetched 3000, imported 3000, changed 0, unchanged 0, deleted 0, rejected 0\n');
    expect([a, b].filter((r) => /A sync of feed TWO is running elsewhere/.test(r.stderr))).toHaveLength(1);
    expect(await listedCount('TWO')).toEqual({ listed: '3000', streams: '3000' });

    // The lock aside, the sync stream's revision decides: another writer's event makes this sync stop at its next batch.
    server.put('Property', ...properties(3000).map((r) => ({ ...r, ListPrice: 1, ModificationTimestamp: `2025-${String(r.ModificationTimestamp).slice(5)}` })));
    let intruded: Promise<unknown> | undefined;
    const intrude = async () => {
      const revision = await f.store.streamRevision(feedSyncStream('TWO'));
      await f.store.append(feedSyncStream('TWO'), revision!, [
        {
          type: 'FeedSyncStarted',
          data: { name: 'TWO', syncId: newId(), kind: 'sync', full: false, checkpoint: null },
          eventId: newId(),
          metadata: metadataOf(systemContext()),
        },
      ]);
    };
    // Right after the first batch is stored (the next one takes ten slow pages to fetch).
    const running = runFeed(f.deps, 'TWO', { kind: 'sync', onProgress: () => void (intruded ??= intrude()) });
    const error = await running.catch((e: unknown) => e);
    await intruded;
    expect(error).toBeInstanceOf(FeedBusyError);
    expect((error as Error).message).toMatch(/Another sync of feed TWO wrote to it meanwhile/);
    const changed = Number(
      (await f.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE type = 'ListingPriceChanged' AND stream_id LIKE 'listing-TWO-%'`)).rows[0]!
        .n,
    );
    // Exactly the batch that was stored before the other writer came: nothing of the next one.
    expect(changed).toBe(1000);
  });

  it('exit codes: credentials refused 3, server unreachable 1, unknown feed 1, usage 2', async () => {
    const server = await f.server();
    expect(
      await feed('add', 'CODES', '--url', server.url, '--token-url', server.tokenUrl, '--client-id', 'porchlight', '--client-secret', 'nope'),
    ).toMatchObject({ code: 0 });
    const refused = await feed('sync', 'CODES');
    expect(refused).toMatchObject({ code: 3, stdout: 'fetched 0, imported 0, changed 0, unchanged 0, deleted 0, rejected 0\n' });
    expect(refused.stderr).toMatch(/refused the client credentials \(HTTP 401, invalid_client\)/);
    await server.stop();
    expect(await feed('add', 'CODES', '--client-secret', 's3cret', '--token-url', server.tokenUrl, '--client-id', 'porchlight')).toMatchObject({ code: 0 });
    const unreachable = await feed('sync', 'CODES');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/could not be reached \(ECONNREFUSED\) after 3 attempts/);
    expect(await feed('sync', 'NOSUCH')).toMatchObject({ code: 1, stderr: 'No feed named NOSUCH\n' });
    expect((await feed('add', 'bad-name', '--url', server.url)).code).toBe(2);
    expect((await feed('add', 'X', '--url', server.url, '--bearer', 't', '--client-id', 'c')).code).toBe(2);
    expect((await feed('frobnicate')).code).toBe(2);
    expect(await feed('remove', 'CODES')).toMatchObject({ code: 0, stdout: 'Feed CODES removed; its listings stay.\n' });
    expect((await feed('status')).stdout).not.toMatch(/^CODES/m);
  });

  it('reconcile from the command line, with the server not running, removes what the feed no longer has', async () => {
    const server = await f.server({ nextLink: 'never', topCap: 50 });
    server.put('Property', ...properties(120));
    expect(await feed('add', 'REC', ...oauth(server))).toMatchObject({ code: 0 });
    expect((await feed('sync', 'REC')).stdout).toBe('fetched 120, imported 120, changed 0, unchanged 0, deleted 0, rejected 0\n');
    for (const k of ['K00003', 'K00077', 'K00120']) server.remove('Property', k);
    expect(await feed('reconcile', 'REC')).toMatchObject({ code: 0, stdout: 'fetched 3, imported 0, changed 0, unchanged 0, deleted 3, rejected 0\n' });
    expect(await f.types('REC-K00077')).toEqual(['ListingListed', 'ListingRemoved']);
    expect((await feed('status')).stdout).toMatch(/REC .*\n {2}last sync .*last reconcile 20\d\d-/);
  });
});
