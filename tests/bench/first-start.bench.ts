import { ProjectionRunner } from '../../projections/runner';
import { allProjections, replayedLast } from '../../src/app/projections';
import { systemContext } from '../../src/commands/command-context';
import { loadConfig } from '../../src/config/config';
import { generatedListingItems } from '../../src/demo/listings';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { startServer } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { type Benchmark, type BenchContext, type BenchDatabase, cpuPer } from './bench';
import { profiled } from './cpu-profile';

/**
 * A server's first start over a freshly imported log of listings (`npm run import`, then
 * `npm start`): the whole server until every read model has caught up, then each read model
 * that reads the imported events alone from zero, with its events/s and CPU per event (on a
 * shared machine the sum of the CPU says more than the wall time). `--only first-start-200k`.
 */
export const firstStartBenchmark: Benchmark = {
  name: 'first-start',
  description: 'first start of a server over a freshly imported log of listings, and each read model catching up alone',
  async run(ctx) {
    const sizes: [string, number][] = ctx.quick
      ? [['50k', 50_000]]
      : [
          ['200k', 200_000],
          ['1m', 1_000_000],
        ];
    for (const [label, size] of sizes) {
      const key = `first-start-${label}`;
      if (!ctx.wants(key) && !ctx.wants(`${key}-server`) && !allProjections.some((p) => ctx.wants(`${key}-${p.name}`))) continue;
      const db = await ctx.createDatabase({ poolSize: 20 });
      try {
        await runAt(ctx, db, key, label, size);
      } finally {
        await db.close();
      }
    }
  },
};

async function runAt(ctx: BenchContext, db: BenchDatabase, key: string, label: string, size: number): Promise<void> {
  const at = ` over a fresh ${label.toUpperCase()}-listing log`;
  const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
  try {
    ctx.progress(`${key}: importing ${size.toLocaleString('en-US')} generated listings`);
    const items = await generatedListingItems({ count: size, seed: 42, today: '2025-06-01' });
    await importListings(store, items, { mls: 'BENCH', ctx: systemContext() });
    await db.pool.query('VACUUM ANALYZE events');
    // BENCH_SEARCH_ADAPTER_INDEXES=1: a database an instance with SEARCH_INDEX=postgres has run on,
    // whose search tables carry the PostgreSQL adapter's indexes too (search-indexes.ts).
    if (process.env.BENCH_SEARCH_ADAPTER_INDEXES === '1') await db.pool.query('INSERT INTO search_adapter_wanted DEFAULT VALUES');
    const { rows } = await db.pool.query<{ type: string; n: string }>('SELECT type, count(*)::text AS n FROM events GROUP BY type');
    const counts = new Map(rows.map((r) => [r.type, Number(r.n)]));
    const eventsOf = (types: readonly string[]) => types.reduce((sum, t) => sum + (counts.get(t) ?? 0), 0);
    const readers = allProjections.filter((p) => eventsOf(p.eventTypes) > 0);

    if (ctx.wants(`${key}-server`) || ctx.wants(key)) {
      ctx.progress(`${key}: starting a whole server`);
      let readySeconds = 0;
      const m = await ctx.measure(() =>
        process.env.BENCH_CPU_PROFILE
          ? profiled(startAndCatchUp).then(({ summary }) => ctx.progress(`${key}-server: CPU profile: ${summary}`))
          : startAndCatchUp(),
      );
      async function startAndCatchUp(): Promise<void> {
        const t0 = Date.now();
        const config = loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL: db.url,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'error',
          DEMO_SEED: '0',
          SEARCH_INDEX: 'memory',
          SEARCH_SNAPSHOT_FILE: '',
        });
        const server = await startServer(config);
        const started = Date.now();
        ctx.progress(`${key}-server: serving after ${((Date.now() - t0) / 1000).toFixed(1)} s; not live yet: ${notLive().join(', ') || 'none'}`);
        // When each read model went live: the phase that keeps the server from having caught up.
        const watch = setInterval(() => {
          const now = notLive();
          for (const n of now) pending.add(n);
          for (const n of pending) {
            if (now.includes(n)) continue;
            pending.delete(n);
            ctx.progress(`${key}-server: ${n} live after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
          }
        }, 250);
        const pending = new Set<string>();
        function notLive(): string[] {
          return server.runtime.runner
            .states()
            .filter((s) => s.state !== 'live')
            .map((s) => s.name);
        }
        try {
          const last = new Set(replayedLast(config));
          for (const { name } of server.runtime.runner.states()) if (!last.has(name)) await server.runtime.runner.waitForCatchUp(3_600_000, name);
          readySeconds = (Date.now() - t0) / 1000;
          ctx.progress(`${key}-server: every read model but ${[...last].join(', ') || 'none'} caught up after ${readySeconds.toFixed(1)} s`);
          await server.runtime.runner.waitForCatchUp(3_600_000);
          ctx.progress(`${key}-server: caught up ${((Date.now() - started) / 1000).toFixed(1)} s after serving`);
        } finally {
          clearInterval(watch);
          await server.stop();
        }
      }
      ctx.record({
        key: `${key}-ready`,
        label: `first start${at}: a whole server serving, every read model caught up but those loaded last (the search tables)`,
        value: readySeconds,
        unit: 's',
        goal: (60 * size) / 1_000_000,
        lowerIsBetter: true,
        detail: 'the search tables answer no search with the in-memory index; they load after the rest (src/app/projections.ts, replayedLast)',
      });
      ctx.record({
        key: `${key}-server`,
        label: `first start${at}: a whole server until every read model has caught up`,
        value: m.seconds,
        unit: 's',
        goal: (60 * size) / 1_000_000,
        lowerIsBetter: true,
        detail: `${readers.map((p) => p.name).join(', ')} read the imported events; ${cpuPer(m, size, 'listing')}`,
      });
    }

    for (const p of readers) {
      if (!ctx.wants(`${key}-${p.name}`) && !ctx.wants(key)) continue;
      // Back to a first start of this read model alone: no tables, no checkpoint, nothing queued.
      for (const t of p.tables) await db.pool.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
      await db.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [p.name]);
      if (p.name === 'alert_changes') await db.pool.query('TRUNCATE alert_changes');
      const events = eventsOf(p.eventTypes);
      const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [p], batchSize: 1000 });
      ctx.progress(`${key}-${p.name}: ${events.toLocaleString('en-US')} events`);
      let m;
      try {
        const catchUp = async () => {
          runner.start();
          await runner.waitForCatchUp(3_600_000);
        };
        m = await ctx.measure(() =>
          process.env.BENCH_CPU_PROFILE ? profiled(catchUp).then(({ summary }) => ctx.progress(`${key}-${p.name}: CPU profile: ${summary}`)) : catchUp(),
        );
      } finally {
        await runner.stop();
      }
      ctx.record({
        key: `${key}-${p.name}`,
        label: `first start${at}: ${p.name} alone from zero`,
        value: events / m.seconds,
        unit: 'events/s',
        detail: `${events.toLocaleString('en-US')} events in ${m.seconds.toFixed(1)} s; ${cpuPer(m, events, 'event')}`,
      });
    }
  } finally {
    await store.close();
  }
}
