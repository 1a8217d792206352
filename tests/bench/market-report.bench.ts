import { marketAreas } from '../../projections/market-stats';
import { systemContext } from '../../src/commands/command-context';
import { KING_COUNTY_CSV } from '../../src/demo/demo-files';
import { readKingCountySales, resoItems } from '../../src/demo/listings';
import { importListings } from '../../src/modules/listings';
import http from 'node:http';
import type { Benchmark } from './bench';
import { withDemoServer } from './demo-server';

const WARM_UP = 5;

/**
 * A market report page end to end (contract section 14): GET /market/{city} as a browser asks
 * for it (text/html), server-rendered from the market_listings read model, over the King County
 * sales of the demo data (about 21,600 sales in a year) projected by the whole product; the
 * largest city's page, one request at a time after a warm-up, p50 and p95.
 */
export const marketReportBenchmark: Benchmark = {
  name: 'market-report',
  description: 'market report page (server-rendered HTML) end to end, p95, at the King County sales',
  async run(ctx) {
    if (!ctx.wants('market-report')) return;
    const requests = ctx.quick ? 60 : 400;
    await withDemoServer(ctx, {}, async ({ server, db }) => {
      ctx.progress('market-report: importing the King County sales and projecting them');
      await importListings(server.runtime.store, resoItems(readKingCountySales(KING_COUNTY_CSV)), { mls: 'NWMLS', ctx: systemContext() });
      await server.runtime.runner.waitForCatchUp(3_600_000);
      const { rows } = await db.pool.query<{ slug: string; n: number }>(
        `SELECT city_slug AS slug, count(*)::int AS n FROM market_listings WHERE city_slug <> '' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      );
      const city = rows[0];
      if (!city || !(await marketAreas(db.pool)).some((a) => a.slug === city.slug)) throw new Error('market-report: no city with sales was projected');
      const url = `${server.url}/market/${city.slug}`;
      const get = async () => {
        const { status, body } = await page(url);
        if (status !== 200 || !body.includes('<svg class="market-chart"')) throw new Error(`market-report: ${url} answered ${status}`);
        return body.length;
      };
      for (let i = 0; i < WARM_UP; i++) await get();
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        bytes = await get();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      ctx.record({
        key: 'market-report-page-p95',
        label: `market report page, server-rendered, p95 (/market/${city.slug})`,
        value: at(0.95),
        unit: 'ms',
        lowerIsBetter: true,
        goal: 100,
        detail: `${city.n.toLocaleString('en-US')} listings in the city; p50 ${at(0.5).toFixed(1)} ms; ${requests} requests one at a time; ${(bytes / 1024).toFixed(0)} kB of HTML`,
      });
    });
  },
};

/** The page as a browser on the demo site asks for it (its host name picks the site). */
function page(url: string): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get({ hostname, port, path: pathname, headers: { accept: 'text/html', host: `demo.localhost:${port}` }, agent: KEEP_ALIVE }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
const KEEP_ALIVE = new http.Agent({ keepAlive: true });
