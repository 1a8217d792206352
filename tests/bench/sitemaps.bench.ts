import { ProjectionRunner } from '../../projections/runner';
import { areasOf, searchProjection } from '../../projections/search';
import { systemContext } from '../../src/commands/command-context';
import { generatedListingItems } from '../../src/demo/listings';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { importListings } from '../../src/modules/listings';
import { sitemapIndex, SITEMAP_MAX_URLS, writeListingsSitemap } from '../../src/modules/public-pages/sitemaps';
import type { Benchmark } from './bench';

const BASE = 'https://homes.example';
const RUNS = 5;

/**
 * Sitemaps at 100k listings (issue 17): the sitemap index (one walk of the search index's
 * primary key for the files' first pdids) and a whole listings file of 50,000 URLs streamed by
 * keyset, each timed over a few runs (the median), with the file's size.
 */
export const sitemapsBenchmark: Benchmark = {
  name: 'sitemaps',
  description: 'sitemap index and a 50,000-URL listings sitemap at 100k listings',
  async run(ctx) {
    if (!ctx.wants('sitemaps')) return;
    const size = ctx.quick ? 20_000 : 100_000;
    const label = ctx.quick ? '20k' : '100k';
    const db = await ctx.createDatabase({ poolSize: 10 });
    const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
    try {
      ctx.progress(`sitemaps: importing ${size.toLocaleString('en-US')} generated listings and indexing them`);
      await importListings(store, await generatedListingItems({ count: size, seed: 42, today: '2025-06-01' }), { mls: 'BENCH', ctx: systemContext() });
      const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [searchProjection], batchSize: 1000 });
      runner.start();
      await runner.waitForCatchUp(3_600_000);
      await runner.stop();
      await db.pool.query('VACUUM ANALYZE search_listings, search_terms');
      const median = async (fn: () => Promise<void>): Promise<number> => {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await fn();
          times.push(performance.now() - t);
        }
        return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
      };
      const areas = [...(await areasOf(db.pool, 'city')), ...(await areasOf(db.pool, 'county')), ...(await areasOf(db.pool, 'zip'))];
      let files = 0;
      const indexMs = await median(async () => {
        files = (await sitemapIndex(db.pool, BASE, { agents: [], areas, listings: true, more: [] })).split('<sitemap>').length - 1;
      });
      ctx.record({
        key: `sitemaps-${label}-index`,
        label: `sitemap index at ${label} listings`,
        value: indexMs,
        unit: 'ms',
        lowerIsBetter: true,
        goal: 500,
        detail: `${files} files, median of ${RUNS}`,
      });
      let bytes = 0;
      let urls = 0;
      const fileMs = await median(async () => {
        bytes = 0;
        urls = 0;
        await writeListingsSitemap(db.pool, BASE, 2, (chunk) => {
          bytes += Buffer.byteLength(chunk);
          urls += chunk.split('<url>').length - 1;
        });
      });
      ctx.record({
        key: `sitemaps-${label}-file`,
        label: `listings sitemap file (up to ${SITEMAP_MAX_URLS.toLocaleString('en-US')} URLs) at ${label} listings`,
        value: fileMs,
        unit: 'ms',
        lowerIsBetter: true,
        goal: 2000,
        detail: `file 2: ${urls.toLocaleString('en-US')} URLs, ${(bytes / 1024 / 1024).toFixed(1)} MB, keyset batches of 5,000, median of ${RUNS}`,
      });
    } finally {
      await store.close();
    }
  },
};
