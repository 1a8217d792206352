import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemorySearchIndex, PostgresSearchIndex, type SearchIndex, snapshotIdentity } from '../../projections/search';
import { searchProjection } from '../../projections/search';
import { wantSearchAdapterIndexes } from '../../src/app/search-adapter';
import { ProjectionRunner, rebuildProjection } from '../../projections/runner';
import { systemContext } from '../../src/commands/command-context';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { generatedListingItems } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import { mulberry32 } from '../../src/shared/prng';
import { parseSearchRequest } from '../../projections/search';
import { clusterLevelFor } from '../../src/modules/listings/search-listings/search-listings.http';
import { type Benchmark, type BenchContext, type BenchDatabase, cpuPer } from './bench';
import { profiled } from './cpu-profile';
import type { LoadRequest, LoadResult } from './load-generator.process';
import { loadFrom } from './load-from';
import { startServerProcess } from './server-process';
import { orderSql, Params, whereSql } from '../../projections/search/postgres/criteria-sql';

/** Metro viewports of about 0.7° × 0.9°, where most people (and so most listings) are. */
const METROS: readonly [number, number, number, number][] = [
  [40.45, 41.15, -74.45, -73.55],
  [33.65, 34.35, -118.65, -117.75],
  [41.55, 42.25, -88.15, -87.25],
  [29.4, 30.1, -95.85, -94.95],
  [33.15, 33.85, -112.45, -111.55],
  [39.65, 40.35, -75.6, -74.7],
  [32.45, 33.15, -97.25, -96.35],
  [47.25, 47.95, -122.65, -121.75],
  [25.45, 26.15, -80.65, -79.75],
  [33.4, 34.1, -84.85, -83.95],
];
const COUNTRY = { minlat: '24.4', maxlat: '49.4', minlong: '-125', maxlong: '-66.9' };
const RUNS = 200;
/** The results of one size, in order; `--only search-1m-import` stops after the import. */
const STEPS = [
  'import',
  'index',
  'memory',
  'rebuild',
  'explain',
  'map-country',
  'map-metro',
  'map-neighbourhood',
  'map-3-polygons',
  'list-keyword-filters',
  'autocomplete',
  'http',
  'http-cached',
  'instance-rss',
  'live',
] as const;
/** The two adapters side by side: the default first, then PostgreSQL with its indexes (SEARCH_INDEX=postgres). */
const ADAPTERS = [
  ['memory', 'in memory'],
  ['postgres', 'PostgreSQL'],
] as const;
type Adapter = (typeof ADAPTERS)[number][0];

type Sample = { lat: number; lng: number; city: string };

/**
 * Search at 100k and 1M listings (contract section 10): import rate through the import path,
 * the search projection's catch-up, map / polygon / list / autocomplete latency against the
 * index, and HTTP requests/s with 50 connections. `--only search-100k` runs one size.
 */
export const searchBenchmark: Benchmark = {
  name: 'search',
  description: 'listing import, search index catch-up, search latency and HTTP requests/s at 100k and 1M listings',
  async run(ctx) {
    const sizes: [string, number][] = ctx.quick
      ? [['20k', 20_000]]
      : [
          ['100k', 100_000],
          ['1m', 1_000_000],
        ];
    for (const [label, size] of sizes) {
      if (!ctx.wants(`search-${label}`) && !STEPS.some((step) => ctx.wants(`search-${label}-${step}`))) continue;
      const db = await ctx.createDatabase({ poolSize: 20 });
      try {
        await runAt(ctx, db, label, size);
      } finally {
        await db.close();
      }
    }
  },
};

async function runAt(ctx: BenchContext, db: BenchDatabase, label: string, size: number): Promise<void> {
  const key = (k: string) => `search-${label}-${k}`;
  const at = ` at ${label.toUpperCase()} listings`;
  const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
  try {
    ctx.progress(`${key('import')}: importing ${size.toLocaleString('en-US')} generated listings`);
    let shown = 0;
    const items = await generatedListingItems({ count: size, seed: 42, today: '2025-06-01' });
    const m = await ctx.measure(async () => {
      await importListings(store, items, {
        mls: 'BENCH',
        ctx: systemContext(),
        onProgress: (c) => {
          if (c.imported - shown >= 100_000) ctx.progress(`${key('import')}: ${(shown = c.imported).toLocaleString('en-US')}`);
        },
      });
    });
    // The bench's CPU includes generating the records.
    ctx.record({
      key: key('import'),
      label: `listing import${at}`,
      value: size / m.seconds,
      unit: 'listings/s',
      goal: 10_000,
      detail: `${m.seconds.toFixed(1)} s, batches of 1,000, fsync on; ${cpuPer(m, size, 'listing')}`,
    });
    if (!STEPS.slice(1).some((step) => ctx.wants(key(step)))) return;

    ctx.progress(`${key('index')}: search projection catching up`);
    const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 1000 });
    const caught = await ctx.measure(async () => {
      runner.start();
      await runner.waitForCatchUp(3_600_000);
    });
    const indexSeconds = caught.seconds;
    await runner.stop();
    // The CPU per event says what the rate would be with the cores to itself.
    ctx.record({
      key: key('index'),
      label: `search index catch-up from zero (PostgreSQL tables: a first start replays in bulk)${at}`,
      value: size / indexSeconds,
      unit: 'events/s',
      goal: 15_000,
      detail: `${indexSeconds.toFixed(1)} s; ${cpuPer(caught, size, 'event')}`,
    });
    // The catch-up above made the tables as the in-memory index's instances have them; the
    // PostgreSQL adapter's rows below read its own indexes, built as an instance with
    // SEARCH_INDEX=postgres builds them on such a database (the live catch-up then keeps them too).
    await wantSearchAdapterIndexes(db.pool);
    await db.pool.query('VACUUM ANALYZE search_listings, search_cells, search_terms');

    const tables = new PostgresSearchIndex(db.pool);
    // The in-memory index (the default) folds the log itself: built from zero, it is a rebuild.
    const snapshotFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-bench-')), 'search.snapshot');
    const rssBefore = process.memoryUsage().rss;
    ctx.progress(`${key('memory')}: building the in-memory index from the log`);
    let memory!: MemorySearchIndex;
    const built = await ctx.measure(async () => {
      memory = await MemorySearchIndex.open(store, tables, {
        batchSize: 5000,
        snapshot: { file: snapshotFile, identity: snapshotIdentity(db.url), everyMs: 3_600_000 },
      });
    });
    const rss = process.memoryUsage();
    ctx.record({
      key: key('memory'),
      label: `in-memory search index: build from the log${at}`,
      value: built.seconds,
      unit: 's',
      goal: 60,
      lowerIsBetter: true,
      detail: `${memory.size.toLocaleString('en-US')} listings; ${cpuPer(built, size, 'listing')}`,
    });
    ctx.record({
      // Not an instance's figure (the bench holds the generated records too): see instance-rss.
      key: key('memory-rss'),
      label: `RSS of the bench process with the index and the generated records${at}`,
      value: rss.rss / 2 ** 20,
      unit: 'MB',
      lowerIsBetter: true,
      detail: `the index alone about ${Math.round((rss.rss - rssBefore) / 2 ** 20)} MB (RSS before ${Math.round(rssBefore / 2 ** 20)} MB), JS heap ${Math.round(rss.heapUsed / 2 ** 20)} MB, typed arrays ${Math.round(rss.arrayBuffers / 2 ** 20)} MB`,
    });

    const samples = (
      await db.pool.query<Sample>(`SELECT lat, lng, city FROM search_listings WHERE grp = 1 AND city IS NOT NULL ORDER BY pdid LIMIT ${RUNS} OFFSET 1000`)
    ).rows;
    const keywordCriteria = (s: Sample) =>
      parseSearchRequest({ kw: s.city, beds: '2', maxprice: '900000', listingtype: 'singlefamily,condo,townhouse' }, 'list').criteria;
    if (ctx.wants(key('explain'))) {
      // Where PostgreSQL's time goes on the keyword search: its plan, read from the server.
      const p = new Params();
      const c = keywordCriteria(samples[0]!);
      const plan = await db.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) SELECT pdid, count(*) OVER ()::int AS total FROM search_listings WHERE ${whereSql(c, p)} ORDER BY ${orderSql(c.sort, c.origin)} LIMIT 24`,
        p.values,
      );
      ctx.progress(`${key('explain')}: ${samples[0]!.city}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }

    if (ctx.wants(key('rebuild'))) {
      // A rebuild builds new columns off to the side; the old ones answer searches until the swap.
      const during: number[] = [];
      let done = false;
      const rebuilt = memory.rebuild().finally(() => (done = true));
      const c = keywordCriteria(samples[1]!);
      while (!done) {
        const t = performance.now();
        await memory.search(c, { offset: 0, limit: 24 });
        during.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
      const seconds = await rebuilt;
      during.sort((a, b) => a - b);
      ctx.record({
        key: key('rebuild'),
        label: `search index rebuild, old index serving meanwhile${at}`,
        value: seconds,
        unit: 's',
        goal: 60,
        lowerIsBetter: true,
        detail: `in memory; ${during.length} keyword searches answered by the old index during it, p99 ${during[Math.floor(during.length * 0.99)]?.toFixed(1) ?? '-'} ms`,
      });
      await tablesRebuild(ctx, db, store, key, at, size, keywordCriteria(samples[1]!));
    }

    const random = mulberry32(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const near = (s: Sample, dLat: number, dLng: number) => ({
      minlat: String(s.lat - dLat),
      maxlat: String(s.lat + dLat),
      minlong: String(s.lng - dLng),
      maxlong: String(s.lng + dLng),
    });
    const ring = (s: Sample, r: number) => {
      const pts = Array.from(
        { length: 8 },
        (_, i) => `${(s.lat + r * Math.sin((i * Math.PI) / 4)).toFixed(6)} ${(s.lng + 1.3 * r * Math.cos((i * Math.PI) / 4)).toFixed(6)}`,
      );
      return [...pts, pts[0]].join(', ');
    };
    const indexes: Record<Adapter, SearchIndex> = { memory, postgres: tables };
    const p99s: Partial<Record<Adapter, Record<string, number>>> = {};
    for (const [adapter, named] of ADAPTERS) {
      const index = indexes[adapter];
      const mapQuery = (raw: Record<string, string>) => async () => {
        const req = parseSearchRequest(raw, 'map');
        await index.map(req.criteria, { pins: 100, clusterLevel: clusterLevelFor(req.criteria.box, undefined) });
      };
      const scenarios: [string, string, () => () => Promise<void>, number | undefined][] = [
        ['map-country', 'map, whole country (totals, bounds, clusters, 100 pins)', () => mapQuery(COUNTRY), 60],
        [
          'map-metro',
          'map, metro viewport',
          () => {
            const [a, b, c, d] = pick(METROS);
            return mapQuery({ minlat: String(a), maxlat: String(b), minlong: String(c), maxlong: String(d) });
          },
          15,
        ],
        ['map-neighbourhood', 'map, neighbourhood viewport', () => mapQuery(near(pick(samples), 0.012, 0.018)), undefined],
        ['map-3-polygons', 'map, 3 drawn polygons', () => mapQuery({ polygonmap: [0, 1, 2].map(() => ring(pick(samples), 0.03)).join(':') }), undefined],
        [
          'list-keyword-filters',
          'list, keyword + filters (page of 24 cards)',
          () => async () => {
            const page = await index.search(keywordCriteria(pick(samples)), { offset: 0, limit: 24 });
            await index.listings(page.pdids);
          },
          20,
        ],
        [
          'autocomplete',
          'autocomplete (every group)',
          () => async () => {
            const city = pick(samples).city.toLowerCase();
            await index.suggest(['city', 'county', 'zip', 'address', 'mlsid'], city.slice(0, 2 + Math.floor(random() * 3)), 5);
          },
          5,
        ],
      ];
      for (const [name, what, make, goal] of scenarios) {
        if (!ctx.wants(key(name))) continue;
        for (let i = 0; i < 20; i++) await make()();
        const ms: number[] = [];
        // Statements on the pool (the in-memory index's freshness read included), and the CPU of both processes per run: wall-clock moves with the machine's load.
        const query = db.pool.query.bind(db.pool);
        let statements = 0;
        db.pool.query = ((...args: Parameters<typeof query>) => (statements++, query(...args))) as typeof db.pool.query;
        const cpu = await ctx
          .measure(async () => {
            for (let i = 0; i < RUNS; i++) {
              const run = make();
              const t = performance.now();
              await run();
              ms.push(performance.now() - t);
            }
          })
          .finally(() => (db.pool.query = query));
        ms.sort((a, b) => a - b);
        const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
        (p99s[adapter] ??= {})[name] = p(0.99);
        const versus = adapter === 'postgres' && p99s.memory?.[name] ? `; ${(p(0.99) / p99s.memory[name]).toFixed(1)}× the in-memory p99` : '';
        ctx.record({
          key: key(adapter === 'memory' ? name : `${name}-postgres`),
          label: `${what}${at}, ${named}, p99`,
          value: p(0.99),
          unit: 'ms',
          goal,
          lowerIsBetter: true,
          detail: `p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, ${RUNS} runs${versus}; ${cpuPer(cpu, RUNS, 'run')}, ${(statements / RUNS).toFixed(1)} statements/run`,
        });
      }
    }
    // The server below starts from the snapshot this index writes as it stops (as a restarted instance would).
    const snapshotStart = performance.now();
    await memory.stop();
    ctx.progress(
      `${key('memory')}: snapshot written in ${((performance.now() - snapshotStart) / 1000).toFixed(1)} s (${((await fs.stat(snapshotFile)).size / 2 ** 20).toFixed(0)} MB)`,
    );
    memory = undefined as unknown as MemorySearchIndex;
    indexes.memory = tables;

    // Without the result cache every request is a query; with it (the default 1 s) repeated
    // requests share answers, as popular map views do. Both adapters, the same requests, one run.
    const rates: Partial<Record<Adapter, number>> = {};
    for (const [adapter, named] of ADAPTERS) {
      if (ctx.wants(key('http')))
        rates[adapter] = await httpRate(ctx, db, key(adapter === 'memory' ? 'http' : 'http-postgres'), at, samples, 0, {
          adapter,
          named,
          snapshotFile,
          versus: rates.memory,
        });
    }
    if (ctx.wants(key('http-cached'))) await httpRate(ctx, db, key('http-cached'), at, samples, 1000, { adapter: 'memory', named: 'in memory', snapshotFile });
    if (ctx.wants(key('instance-rss'))) await instanceRss(ctx, db, key('instance-rss'), at, snapshotFile);
    if (ctx.wants(key('live'))) await liveCatchUp(ctx, db, store, key, at, size, snapshotFile);
  } finally {
    await store.close();
  }
}

/**
 * Memory per instance: a whole server in a process of its own (server.process.ts), the
 * in-memory index loaded from the snapshot, every read model live, garbage collected. Measured
 * on a restart: a first server catches every read model up from the log (when no server ran
 * against this database before, as under `--only`), which in-process leaves the heap and the
 * allocator the room that catch-up took; its RSS is in the detail.
 */
async function instanceRss(ctx: BenchContext, db: BenchDatabase, name: string, at: string, snapshotFile: string): Promise<void> {
  const env = { DATABASE_URL: db.url, SEARCH_INDEX: 'memory', SEARCH_SNAPSHOT_FILE: snapshotFile };
  const mb = (b: number) => Math.round(b / 2 ** 20);
  const first = await startServerProcess(env);
  let firstStart: string;
  try {
    const m = await first.memory();
    firstStart = `the first start (${first.startSeconds.toFixed(1)} s): RSS ${mb(m.rss)} MB, JS heap ${mb(m.heapUsed)} MB used of ${mb(m.heapTotal)} MB, peak RSS ${mb(m.peakRss)} MB`;
  } finally {
    await first.stop();
  }
  const server = await startServerProcess(env);
  try {
    const m = await server.memory();
    ctx.record({
      key: name,
      label: `memory per instance${at} (RSS of a whole server restarted, in-memory index from its snapshot)`,
      value: m.rss / 2 ** 20,
      unit: 'MB',
      goal: 800,
      lowerIsBetter: true,
      detail: `JS heap ${mb(m.heapUsed)} MB used of ${mb(m.heapTotal)} MB, typed arrays ${mb(m.arrayBuffers)} MB, the rest ${mb(m.rss - m.heapTotal - m.arrayBuffers)} MB (Node's code and the allocator's); peak RSS ${mb(m.peakRss)} MB; started in ${server.startSeconds.toFixed(1)} s; ${firstStart}`,
    });
  } finally {
    await server.stop();
  }
}

/**
 * The PostgreSQL search tables rebuilt while they serve (search-bulk-load.ts: COPY into a fresh
 * table, indexes built after, then the swap), keyword searches against the old tables meanwhile.
 */
async function tablesRebuild(
  ctx: BenchContext,
  db: BenchDatabase,
  store: PostgresEventStore,
  key: (k: string) => string,
  at: string,
  size: number,
  c: ReturnType<typeof parseSearchRequest>['criteria'],
): Promise<void> {
  const tables = new PostgresSearchIndex(db.pool);
  // The bulk load, then side by side the runner's batch replay it replaced (the same projection without its replay).
  const ways = [
    ['rebuild-postgres', 'COPY, indexes built after, swap', searchProjection],
    ['rebuild-postgres-batches', 'batches of 1,000 into indexed tables, swap (before the bulk load)', { ...searchProjection, replay: undefined }],
  ] as const;
  for (const [name, how, projection] of ways) {
    const during: number[] = [];
    let done = false;
    const m = await ctx.measure(async () => {
      const rebuilt = rebuildProjection({ pool: db.pool, store, projection, batchSize: 1000 }).finally(() => (done = true));
      while (!done) {
        const t = performance.now();
        await tables.search(c, { offset: 0, limit: 24 });
        during.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
      await rebuilt;
    });
    during.sort((a, b) => a - b);
    ctx.record({
      key: key(name),
      label: `search tables rebuild (PostgreSQL), old tables serving meanwhile: ${how}${at}`,
      value: m.seconds,
      unit: 's',
      goal: (60 * size) / 1_000_000,
      lowerIsBetter: true,
      detail: `${(size / m.seconds).toFixed(0)} listings/s; ${during.length} keyword searches during it, p99 ${during[Math.floor(during.length * 0.99)]?.toFixed(1) ?? '-'} ms; ${cpuPer(m, size, 'listing')}`,
    });
  }
}

/**
 * Live catch-up, as an instance that was running meets a burst of listing events (an MLS's big
 * import): `size / 4` more listings appended, then the PostgreSQL search tables (batch by batch,
 * with their checkpoint) and the in-memory index (from its snapshot) each catch up in turn.
 */
async function liveCatchUp(
  ctx: BenchContext,
  db: BenchDatabase,
  store: PostgresEventStore,
  key: (k: string) => string,
  at: string,
  size: number,
  snapshotFile: string,
): Promise<void> {
  const tables = new PostgresSearchIndex(db.pool);
  const memory = await MemorySearchIndex.open(store, tables, {
    batchSize: 5000,
    snapshot: { file: snapshotFile, identity: snapshotIdentity(db.url), everyMs: 3_600_000 },
  });
  await memory.stop();
  const extra = Math.round(size / 4);
  ctx.progress(`${key('live')}: appending ${extra.toLocaleString('en-US')} more listings`);
  await importListings(store, await generatedListingItems({ count: extra, seed: 43, today: '2025-06-01' }), { mls: 'BENCHLIVE', ctx: systemContext() });
  const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 1000 });
  // BENCH_CPU_PROFILE=1: where each catch-up's samples fall (the profiler's own cost is in the figures then).
  const watched = <T>(name: string, fn: () => Promise<T>): Promise<T> =>
    process.env.BENCH_CPU_PROFILE === '1'
      ? profiled(fn).then(({ result, summary }) => (ctx.progress(`${key('live')}: CPU profile, ${name}: ${summary}`), result))
      : fn();
  const pg = await ctx.measure(() =>
    watched('PostgreSQL tables', async () => {
      runner.start();
      await runner.waitForCatchUp(3_600_000);
    }),
  );
  await runner.stop();
  ctx.record({
    key: key('live'),
    label: `search index live catch-up, PostgreSQL tables (batches of 1,000)${at}`,
    value: extra / pg.seconds,
    unit: 'events/s',
    goal: 15_000,
    detail: `${extra.toLocaleString('en-US')} events in ${pg.seconds.toFixed(1)} s; ${cpuPer(pg, extra, 'event')}`,
  });
  const mem = await ctx.measure(() => watched('in memory', () => memory.start()));
  await memory.stop();
  ctx.record({
    key: key('live-memory'),
    label: `search index live catch-up, in memory (the default)${at}`,
    value: extra / mem.seconds,
    unit: 'events/s',
    goal: 15_000,
    detail: `${extra.toLocaleString('en-US')} events in ${mem.seconds.toFixed(1)} s; ${cpuPer(mem, extra, 'event')}`,
  });

  // Then a feed's price drops on as many listings already held (changes, not new rows: each replaces a row and its postings).
  const count = async () => Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE type = 'ListingPriceChanged'`)).rows[0]!.n);
  const dropsBefore = await count();
  const drops = (async function* () {
    for await (const item of await generatedListingItems({ count: extra, seed: 42, today: '2025-06-01' })) {
      yield {
        ...item,
        parse: () => {
          const r = item.parse() as Record<string, unknown>;
          return { ...r, ListPrice: Math.round(Number(r.ListPrice) * 0.97), ModificationTimestamp: '2025-06-02T12:00:00Z' };
        },
      };
    }
  })();
  await importListings(store, drops, { mls: 'BENCH', ctx: systemContext() });
  const changes = (await count()) - dropsBefore;
  // A stopped runner does not start again: a new one takes over from the checkpoint.
  const again = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 1000 });
  const pgUpdates = await ctx.measure(() =>
    watched('PostgreSQL tables, price changes', async () => {
      again.start();
      await again.waitForCatchUp(3_600_000);
    }),
  );
  await again.stop();
  ctx.record({
    key: key('live-changes'),
    label: `search index live catch-up of price changes, PostgreSQL tables${at}`,
    value: changes / pgUpdates.seconds,
    unit: 'events/s',
    goal: 15_000,
    detail: `${changes.toLocaleString('en-US')} events in ${pgUpdates.seconds.toFixed(1)} s; ${cpuPer(pgUpdates, changes, 'event')}`,
  });
  const memUpdates = await ctx.measure(() => watched('in memory, price changes', () => memory.start()));
  await memory.stop();
  ctx.record({
    key: key('live-changes-memory'),
    label: `search index live catch-up of price changes, in memory${at}`,
    value: changes / memUpdates.seconds,
    unit: 'events/s',
    goal: 15_000,
    detail: `${changes.toLocaleString('en-US')} events in ${memUpdates.seconds.toFixed(1)} s; ${cpuPer(memUpdates, changes, 'event')}`,
  });
}

/**
 * 50 connections against the running product: a mix of at least 1,000 distinct requests (map
 * viewports from a random walk over the metros, zooming in and out; keyword lists with filters;
 * autocomplete prefixes), so that no answer is computed once and served again. They stand for
 * 50 visitors, but come from one address: its search limits are raised out of reach (every
 * request still passes the SearchGate, so its cost is in the figure).
 */
async function httpRate(
  ctx: BenchContext,
  db: BenchDatabase,
  key: string,
  at: string,
  samples: readonly Sample[],
  cacheMs: number,
  o: { adapter: Adapter; named: string; snapshotFile: string; versus?: number },
): Promise<number> {
  const server = await startServerProcess({
    DATABASE_URL: db.url,
    LOG_LEVEL: 'info',
    SEARCH_CACHE_MS: String(cacheMs),
    SEARCH_RATE_PER_MINUTE: '1000000',
    SEARCH_PARALLEL_PER_ADDRESS: '1000',
    SEARCH_INDEX: o.adapter,
    SEARCH_SNAPSHOT_FILE: o.snapshotFile,
  });
  try {
    const startSeconds = server.startSeconds;
    await vacuumed(db);
    const requests = searchMix(samples);
    const seconds = ctx.quick ? 5 : 15;
    // The server's own CPU (Node) and PostgreSQL's, a request, over one load.
    const cpuOf = async (load: () => Promise<LoadResult>) => {
      let r!: LoadResult;
      const node0 = await server.cpuMs();
      const m = await ctx.measure(async () => {
        r = await load();
      });
      const per = (ms: number) => Math.round((ms * 1000) / r.total);
      const cpu = `server CPU a request ${per((await server.cpuMs()) - node0)} µs Node${m.serverCpuMs === undefined ? '' : ` + ${per(m.serverCpuMs)} µs PostgreSQL`}`;
      return { ...r, cpu };
    };
    // BENCH_CPU_PROFILE=1: where the server's CPU goes, for each load (the trivial route, the mix, the mix uncompressed).
    const load = (what: string, run: () => Promise<LoadResult>) =>
      cpuOf(() =>
        process.env.BENCH_CPU_PROFILE
          ? server.profiled(run).then(({ result: r, summary }) => (ctx.progress(`${key}: CPU profile, ${what}, ${o.named}: ${summary}`), r))
          : run(),
      );
    // A warm server, as one serving visitors is: the search code compiled, each map cell's pin order
    // made by its first map. Unwarmed, the first load measured (the trivial route's, then the mix's)
    // would pay for both.
    await loadFrom({ url: server.url, connections: 50, seconds: ctx.quick ? 2 : 5, requests });
    // The ceiling the mix is measured against: a trivial JSON route through the same stack (Nest, its middleware), the same connections.
    const trivial = cacheMs ? undefined : await load('the trivial route', () => loadFrom({ url: `${server.url}/health/live`, connections: 50, seconds }));
    ctx.progress(`${key}: ${o.named}, started in ${startSeconds.toFixed(1)} s; 50 connections for ${seconds} s`);
    // The server and the load generator each run in a process of their own.
    const result = await load('the mix', () => loadFrom({ url: server.url, connections: 50, seconds, requests }));
    // The same mix from a client that asks for no compression (autocannon's and curl's default):
    // the answers go whole, bigger on the wire, and nothing is compressed.
    const identity =
      trivial && o.adapter === 'memory'
        ? await load('the mix uncompressed', () => loadFrom({ url: server.url, connections: 50, seconds, requests: requests.map(withoutEncoding) }))
        : undefined;
    // Each kind of the mix alone, uncompressed (as the outside check asks): which costs the server most.
    const kinds = identity
      ? await cpuByKind(requests.map(withoutEncoding), (subset) => cpuOf(() => loadFrom({ url: server.url, connections: 50, seconds: 5, requests: subset })))
      : undefined;
    const rss = (await server.memory()).rss / 2 ** 20;
    const label = `HTTP search mix${at}, ${cacheMs ? `${cacheMs} ms result cache` : 'no result cache'}, ${o.named}`;
    ctx.record({
      key,
      label,
      value: result.average,
      unit: 'req/s',
      goal: cacheMs ? undefined : 3000,
      detail:
        `50 connections, maps, lists and autocomplete mixed (${requests.length} distinct requests), load generator in its own process; ${result.bytesPerAnswer.toLocaleString('en-US')} bytes an answer; latency p50 ${result.p50} ms, p99 ${result.p99} ms` +
        `${o.versus ? `; the in-memory index serves ${(o.versus / result.average).toFixed(1)}× as many` : ''}; ${result.cpu}` +
        `; server started in ${startSeconds.toFixed(1)} s, server process RSS ${Math.round(rss)} MB${result.failed ? `; ${result.failed} failed` : ''}`,
    });
    if (!cacheMs)
      ctx.record({
        key: `${key}-p99`,
        label: `HTTP search mix latency p99, no result cache${at}, ${o.named}`,
        value: result.p99,
        unit: 'ms',
        goal: 50,
        lowerIsBetter: true,
      });
    if (trivial)
      ctx.record({
        key: `${key}-ratio`,
        label: `HTTP search mix${at}, no result cache, ${o.named} ÷ a trivial JSON route through the same stack`,
        value: result.average / trivial.average,
        unit: '×',
        goal: 0.5,
        detail: `GET /health/live: ${Math.round(trivial.average)} req/s, p99 ${trivial.p99} ms, ${trivial.cpu}, 50 connections, the same run${trivial.failed ? `; ${trivial.failed} failed` : ''}`,
      });
    if (trivial && identity)
      ctx.record({
        key: `${key}-identity-ratio`,
        label: `HTTP search mix${at}, no result cache, ${o.named}, answers uncompressed (no Accept-Encoding) ÷ the trivial JSON route`,
        value: identity.average / trivial.average,
        unit: '×',
        goal: 0.5,
        detail: `${Math.round(identity.average)} req/s, ${identity.bytesPerAnswer.toLocaleString('en-US')} bytes an answer, p50 ${identity.p50} ms, p99 ${identity.p99} ms, ${identity.cpu}${identity.failed ? `; ${identity.failed} failed` : ''}${kinds ? `; each kind alone, 5 s: ${kinds}` : ''}`,
      });
    return result.average;
  } finally {
    await server.stop();
  }
}

/**
 * After a million listings are imported and the read models built, PostgreSQL's autovacuum works
 * through the new rows for minutes (hint bits, visibility maps, statistics), and its CPU would be
 * counted as the searches' "PostgreSQL a request". The bench vacuums first, so that the searches
 * are measured as a server that has run for a while sees them.
 */
async function vacuumed(db: BenchDatabase): Promise<void> {
  await db.pool.query('VACUUM (ANALYZE)');
}

/** The mix's kinds of request, each loaded alone: its rate, bytes an answer and server CPU a request. */
async function cpuByKind(requests: readonly LoadRequest[], load: (subset: LoadRequest[]) => Promise<LoadResult & { cpu: string }>): Promise<string> {
  const kinds: [string, (r: LoadRequest) => boolean][] = [
    ['maps', (r) => r.path.startsWith('/api/search/map')],
    ['lists', (r) => r.path.startsWith('/api/search?')],
    ['autocomplete', (r) => r.path.startsWith('/api/search/autocomplete/')],
  ];
  const out: string[] = [];
  for (const [name, is] of kinds) {
    const r = await load(requests.filter(is));
    out.push(`${name} ${Math.round(r.average)} req/s, ${r.bytesPerAnswer.toLocaleString('en-US')} bytes, ${r.cpu.replace('server CPU a request ', '')}`);
  }
  return out.join('; ');
}

/** As a browser asks: answers over 1 kB come compressed, and what that costs is in the figure. */
const ENC = { 'accept-encoding': 'gzip, deflate, br' };

const withoutEncoding = (r: LoadRequest): LoadRequest => {
  const headers = { ...r.headers };
  delete headers['accept-encoding'];
  return { ...r, headers };
};

/** At least 1,000 distinct requests: 600 viewports walked over the metros, 300 keyword lists, 150 autocompletes. */
function searchMix(samples: readonly Sample[]): LoadRequest[] {
  const random = mulberry32(20);
  const out: LoadRequest[] = [];
  // A walk: pan by up to half a viewport, zoom in or out now and then, jump to another metro every 30 steps.
  let [lat, lng, h, w] = [0, 0, 0, 0];
  for (let i = 0; i < 600; i++) {
    if (i % 30 === 0) {
      const [a, b, c, d] = METROS[(i / 30) % METROS.length]!;
      [lat, lng, h, w] = [(a + b) / 2, (c + d) / 2, (b - a) / 2, (d - c) / 2];
    }
    lat += (random() - 0.5) * h;
    lng += (random() - 0.5) * w;
    const zoom = random();
    if (zoom < 0.15) [h, w] = [h / 2, w / 2];
    else if (zoom > 0.9 && h < 1) [h, w] = [h * 2, w * 2];
    const box = { minlat: (lat - h).toFixed(5), maxlat: (lat + h).toFixed(5), minlong: (lng - w).toFixed(5), maxlong: (lng + w).toFixed(5), type: 'map' };
    out.push({ method: 'POST', path: '/api/search/map', headers: { 'content-type': 'application/json', ...ENC }, body: JSON.stringify(box) });
  }
  const filters = [
    'beds=2',
    'beds=3&maxprice=700000',
    'minprice=300000&listingtype=condo,townhouse',
    'baths=2&sortby=price-asc',
    'sortby=newest',
    'beds=1&maxprice=500000&sortby=price-desc',
  ];
  for (let i = 0; i < 300; i++) {
    const s = samples[i % samples.length]!;
    out.push({
      method: 'GET',
      path: `/api/search?kw=${encodeURIComponent(s.city)}&${filters[i % filters.length]}${i >= samples.length ? `&page=${1 + Math.floor(i / samples.length)}` : ''}`,
      headers: ENC,
    });
  }
  const prefixes = new Set<string>();
  for (const s of samples) for (let n = 2; n <= 5; n++) prefixes.add(s.city.toLowerCase().slice(0, n));
  for (const term of [...prefixes].slice(0, 150))
    out.push({ method: 'GET', path: `/api/search/autocomplete/kw/${encodeURIComponent(term)}/?IncludeSearches=0`, headers: ENC });
  const distinct = new Set(out.map((r) => `${r.path} ${r.body ?? ''}`)).size;
  if (distinct < 1000) throw new Error(`the search mix has only ${distinct} distinct requests`);
  // Shuffled, so that the 50 connections ask for different things at once.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
