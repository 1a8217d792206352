import { loadConfig } from '../../src/config/config';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { Projection } from '../../projections/runner';
import { ProjectionRunner } from '../../projections/runner';
import { type Benchmark, type BenchContext, cpuPer, inParallel, timed } from './bench';
import { sampleEvent } from './event-store.bench';

const STREAMS = 10_000;

/** A simple read model: events per stream, one set-based upsert per batch. */
const countsPerStream: Projection = {
  name: 'bench_counts',
  version: 1,
  eventTypes: ['ListingInquirySubmitted'],
  tables: ['bench_counts'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('bench_counts')} (stream_id text PRIMARY KEY, events bigint NOT NULL, last_at timestamptz NOT NULL)`);
  },
  async apply(events, { tx, table }) {
    await tx.query(
      `INSERT INTO ${table('bench_counts')} AS c (stream_id, events, last_at)
       SELECT s, count(*), max(at) FROM unnest($1::text[], $2::timestamptz[]) AS t(s, at) GROUP BY s
       ON CONFLICT (stream_id) DO UPDATE SET events = c.events + excluded.events, last_at = greatest(c.last_at, excluded.last_at)`,
      [events.map((e) => e.streamId), events.map((e) => e.metadata.at)],
    );
  },
};

/**
 * How fast a projection catches up from zero over a large log (a new read model, or a rebuild
 * after a restore): the runner's own loop, with the product's batch size and pool.
 */
export const projectionCatchUpBenchmark: Benchmark = {
  name: 'projection',
  description: 'catch-up rate of a simple projection over a large log',
  async run(ctx: BenchContext) {
    if (!ctx.wants('projection-catch-up')) return;
    const config = loadConfig({});
    const total = ctx.quick ? 100_000 : 1_000_000;
    const db = await ctx.createDatabase({ poolSize: config.dbPoolSize });
    const store = new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
    try {
      ctx.progress(`projection-catch-up: writing ${total.toLocaleString('en-US')} events over ${STREAMS.toLocaleString('en-US')} streams`);
      const seeding = await timed(() => seed(store, total));
      ctx.progress(`projection-catch-up: written in ${seeding.toFixed(1)} s; catching up`);
      await db.pool.query('VACUUM ANALYZE events');
      const runner = new ProjectionRunner({
        pool: db.pool,
        databaseUrl: db.url,
        store,
        projections: [countsPerStream],
        batchSize: config.projections.batchSize,
      });
      let m;
      try {
        m = await ctx.measure(async () => {
          runner.start();
          await runner.waitForCatchUp(3_600_000);
        });
      } finally {
        await runner.stop();
      }
      const { rows } = await db.pool.query<{ n: bigint }>('SELECT coalesce(sum(events), 0)::bigint AS n FROM bench_counts');
      if (Number(rows[0]!.n) !== total) throw new Error(`The projection counted ${rows[0]!.n} events, not ${total}`);
      ctx.record({
        key: 'projection-catch-up',
        label: `projection catch-up over ${total >= 1_000_000 ? `${total / 1_000_000}M` : `${total / 1000}k`} events`,
        value: total / m.seconds,
        unit: 'events/s',
        goal: 20_000,
        detail: `${m.seconds.toFixed(1)} s, batch ${config.projections.batchSize}; ${cpuPer(m, total, 'event')}`,
      });
    } finally {
      await store.close();
      await db.close();
    }
  },
};

/** Fills the log through the adapter, in appends of 1,000 events over a few writers. */
async function seed(store: PostgresEventStore, total: number): Promise<void> {
  const perAppend = 1000;
  const appends = Math.ceil(total / perAppend);
  let next = 0;
  await inParallel(4, async () => {
    for (let a = next++; a < appends; a = next++) {
      const n = Math.min(perAppend, total - a * perAppend);
      // Each append writes to several streams at once, like a busy minute of commands.
      const byStream = new Map<string, ReturnType<typeof sampleEvent>[]>();
      for (let k = 0; k < n; k++) {
        const i = a * perAppend + k;
        const s = `listing-${i % STREAMS}`;
        byStream.set(s, [...(byStream.get(s) ?? []), sampleEvent(i)]);
      }
      await store.appendMany([...byStream].map(([streamId, events]) => ({ streamId, expected: 'any' as const, events })));
    }
  });
}
