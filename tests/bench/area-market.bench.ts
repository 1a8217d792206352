import { ProjectionRunner } from '../../projections/runner';
import { areaMarket, areasOf, searchProjection } from '../../projections/search';
import { systemContext } from '../../src/commands/command-context';
import { generatedListingItems } from '../../src/demo/listings';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../src/modules/listings';
import type { Benchmark } from './bench';

const RUNS = 5;
const TODAY = '2025-06-01';

/**
 * An area page's market numbers at 100k listings (issue 17 part 2): the one statement of
 * areaMarket for the largest city and zip, timed (the median of a few runs), with the
 * execution time EXPLAIN ANALYZE reports for it.
 */
export const areaMarketBenchmark: Benchmark = {
  name: 'area-market',
  description: "an area page's market numbers (medians, sold in 12 months, price by bedrooms) at 100k listings",
  async run(ctx) {
    if (!ctx.wants('area-market')) return;
    const size = ctx.quick ? 20_000 : 100_000;
    const label = ctx.quick ? '20k' : '100k';
    const db = await ctx.createDatabase({ poolSize: 10 });
    const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
    try {
      ctx.progress(`area-market: importing ${size.toLocaleString('en-US')} generated listings and indexing them`);
      await importListings(store, await generatedListingItems({ count: size, seed: 42, today: TODAY }), { mls: 'BENCH', ctx: systemContext() });
      const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 1000 });
      runner.start();
      await runner.waitForCatchUp(3_600_000);
      await runner.stop();
      await db.pool.query('VACUUM ANALYZE search_listings, search_terms');
      for (const kind of ['city', 'zip'] as const) {
        const area = (await areasOf(db.pool, kind))[0]!;
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await areaMarket(db.pool, kind, area.name, TODAY);
          times.push(performance.now() - t);
        }
        // The same statement under EXPLAIN ANALYZE (the pool's query text is areaMarket's own).
        let plan = '';
        const explaining = {
          query: async (text: string, values?: unknown[]) => {
            const r = await db.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
            plan = `${(r.rows[0] as { 'QUERY PLAN': [{ 'Execution Time': number }] })['QUERY PLAN'][0]['Execution Time'].toFixed(1)} ms executing`;
            return {
              rows: [{ active: 0, median_price: null, median_ppsf: null, median_dom: null, sold_known: false, sold_12: 0, lat: null, lng: null, beds: null }],
            };
          },
        };
        await areaMarket(explaining as never, kind, area.name, TODAY);
        ctx.record({
          key: `area-market-${label}-${kind}`,
          label: `area market numbers of the largest ${kind} at ${label} listings`,
          value: times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!,
          unit: 'ms',
          lowerIsBetter: true,
          goal: 100,
          detail: `${area.label}: ${area.listings.toLocaleString('en-US')} listings; EXPLAIN ANALYZE ${plan}; median of ${RUNS}`,
        });
      }
    } finally {
      await store.close();
    }
  },
};
