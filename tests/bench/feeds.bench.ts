import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { feedsProjection } from '../../projections/feeds';
import { ProjectionRunner } from '../../projections/runner';
import { PostgresSearchIndex } from '../../projections/search/postgres/postgres-search-index';
import { searchProjection } from '../../projections/search/postgres/search-listings.projection';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { generatedListingItems } from '../../src/demo/listings';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { configureFeed, FeedSecrets, feedSyncStream, runFeed } from '../../src/modules/feeds';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { newId } from '../../src/shared/ids';
import { Outbound } from '../../src/shared/net/outbound';
import type { ResoRecordJson } from '../support/reso-server';
import type { Benchmark, BenchContext } from './bench';

/** The local stand-in is on loopback, as in development. */
const TEST_OUTBOUND = new Outbound({ allowPrivate: true, showPrivateAnswers: true });

const secrets = new FeedSecrets(Buffer.from('the benchmark server secret, thirty-two characters'));
const CHANGES = 1000;
const TODAY = '2025-06-01';

type StandIn = { url: string; token: string; send(message: object): Promise<void>; stop(): void };

/** The RESO stand-in in its own process (reso-stand-in.process.ts). */
async function standIn(): Promise<StandIn> {
  const child: ChildProcess = fork(path.join(__dirname, 'reso-stand-in.process.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.once('message', (m: { url: string; token: string }) => resolve(m));
    child.once('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
  return {
    ...ready,
    send: (message) =>
      new Promise<void>((resolve, reject) => {
        const died = (code: number | null) => reject(new Error(`the stand-in exited (${code})`));
        child.once('exit', died);
        child.once('message', () => {
          child.off('exit', died);
          resolve();
        });
        child.send(message);
      }),
    stop: () => child.disconnect(),
  };
}

/**
 * MLS feeds (issue 14): replication rate from a local RESO stand-in (generated listings with 5
 * Media each, $expand=Media, pages of 1,000, every record through the import path with its
 * checkpoint), and an incremental sync of 1,000 changes into a store of 1M listings timed end to
 * end, from the sync's start to the last change visible in search.
 */
export const feedsBenchmark: Benchmark = {
  name: 'feeds',
  description: 'feed replication rate from a local RESO stand-in; incremental sync of 1,000 changes into 1M listings, change to search',
  async run(ctx) {
    if (ctx.wants('feed-replication')) await replication(ctx, ctx.quick ? 10_000 : 50_000);
    if (ctx.wants('feed-incremental')) await incremental(ctx, ctx.quick ? 50_000 : 1_000_000);
  },
};

async function replication(ctx: BenchContext, count: number): Promise<void> {
  const db = await ctx.createDatabase({ poolSize: 16 });
  const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
  const server = await standIn();
  try {
    ctx.progress(`feed-replication: the stand-in generates ${count.toLocaleString('en-US')} listings with 5 media each`);
    await server.send({ type: 'generate', count, seed: 7, today: TODAY, media: 5 });
    await configureFeed(
      store,
      secrets,
      { name: 'REPL', url: server.url, auth: { kind: 'bearer', token: server.token }, resources: ['Property', 'Media'], pageSize: 1000 },
      systemContext(),
      TEST_OUTBOUND,
    );
    let counts = { fetched: 0, imported: 0 };
    const m = await ctx.measure(async () => {
      counts = (await runFeed({ store, pool: db.pool, databaseUrl: db.url, secrets, outbound: TEST_OUTBOUND }, 'REPL', { kind: 'sync' })).counts;
    });
    if (counts.imported !== count) throw new Error(`feed-replication imported ${counts.imported} of ${count}`);
    ctx.record({
      key: 'feed-replication',
      label: 'feed replication from a local RESO stand-in (5 media each)',
      value: count / m.seconds,
      unit: 'listings/s',
      goal: 5000,
      detail: `${count.toLocaleString('en-US')} listings in ${m.seconds.toFixed(1)} s, pages of 1,000 with $expand=Media, stand-in in its own process, fsync on`,
    });
  } finally {
    server.stop();
    await store.close();
  }
}

async function incremental(ctx: BenchContext, size: number): Promise<void> {
  const db = await ctx.createDatabase({ poolSize: 20 });
  const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
  const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection, feedsProjection], batchSize: 1000 });
  const server = await standIn();
  try {
    ctx.progress(`feed-incremental: importing ${size.toLocaleString('en-US')} generated listings as feed BENCH`);
    const sample: ResoRecordJson[] = [];
    const items = await generatedListingItems({ count: size, seed: 42, today: TODAY });
    async function* keeping(): AsyncGenerator<ImportItem> {
      for await (const item of items) {
        if (sample.length < CHANGES && item.record % Math.floor(size / CHANGES) === 0) sample.push(item.parse() as ResoRecordJson);
        yield item;
      }
    }
    let shown = 0;
    await importListings(store, keeping(), {
      mls: 'BENCH',
      ctx: systemContext(),
      onProgress: (c) => {
        if (c.imported - shown >= 100_000) ctx.progress(`feed-incremental: ${(shown = c.imported).toLocaleString('en-US')} imported`);
      },
    });
    ctx.progress('feed-incremental: search index catching up');
    runner.start();
    await runner.waitForCatchUp(3_600_000);

    // The feed has replicated everything up to the checkpoint; 1,000 listings change after it.
    await configureFeed(
      store,
      secrets,
      { name: 'BENCH', url: server.url, auth: { kind: 'bearer', token: server.token }, resources: ['Property', 'Media'], pageSize: 1000 },
      systemContext(),
      TEST_OUTBOUND,
    );
    const checkpoint = { ModificationTimestamp: '2029-12-31T00:00:00.000Z', keys: [] };
    const syncId = newId();
    const meta = () => ({ eventId: newId(), metadata: metadataOf(systemContext()) });
    await store.append(feedSyncStream('BENCH'), 'no_stream', [
      { type: 'FeedSyncStarted', data: { name: 'BENCH', syncId, kind: 'sync', full: true, checkpoint: null }, ...meta() },
      {
        type: 'FeedSyncCompleted',
        data: {
          name: 'BENCH',
          syncId,
          kind: 'sync',
          counts: { fetched: size, imported: size, changed: 0, unchanged: 0, deleted: 0, rejected: 0 },
          durationMs: 0,
          checkpoint,
          warnings: [],
        },
        ...meta(),
      },
    ]);
    const changed: ResoRecordJson[] = sample.map((r, i) => ({
      ...r,
      ListPrice: Math.max(1000, Number(r.ListPrice) - 5000),
      ModificationTimestamp: new Date(Date.parse('2030-01-01T00:00:00Z') + i * 1000).toISOString(),
    }));
    await server.send({ type: 'put', records: changed });
    const index = new PostgresSearchIndex(db.pool);
    const pdids = changed.map((r) => `BENCH-${String(r.ListingKey)}`);
    const want = new Map(changed.map((r) => [`BENCH-${String(r.ListingKey)}`, r.ListPrice]));
    ctx.progress(`feed-incremental: syncing ${CHANGES} changes into ${size.toLocaleString('en-US')} listings`);
    let syncSeconds = 0;
    const m = await ctx.measure(async () => {
      const t = performance.now();
      const result = await runFeed({ store, pool: db.pool, databaseUrl: db.url, secrets, outbound: TEST_OUTBOUND }, 'BENCH', { kind: 'sync' });
      syncSeconds = (performance.now() - t) / 1000;
      if (result.counts.changed !== CHANGES) throw new Error(`feed-incremental changed ${result.counts.changed} of ${CHANGES}`);
      for (;;) {
        const listed = await index.listings(pdids);
        if (listed.length === CHANGES && listed.every((l) => l.price === want.get(l.pdid))) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    ctx.record({
      key: 'feed-incremental',
      label: `incremental feed sync of ${CHANGES.toLocaleString('en-US')} changes into ${size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`} listings, change → visible in search`,
      value: m.seconds * 1000,
      unit: 'ms',
      goal: 5000,
      lowerIsBetter: true,
      detail: `sync ${syncSeconds.toFixed(2)} s, then the search index ${(m.seconds - syncSeconds).toFixed(2)} s; fsync on`,
    });
  } finally {
    server.stop();
    await runner.stop();
    await store.close();
  }
}
