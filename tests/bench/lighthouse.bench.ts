import type { Benchmark, BenchContext } from './bench';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/browser';
import { firstListingPath, withPublicSite } from './public-site';

/** The test browser's flags, headless for Lighthouse's own launch. */
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

/** One Lighthouse run of a page: the figures it scores (simulated: lantern) and what the browser saw. */
export type LighthouseRun = {
  readonly performance: number;
  readonly lcpMs: number;
  readonly fcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly observedLcpMs: number;
};

/**
 * Lighthouse's mobile performance audit (its default: a phone's screen, slow 4G and a 4× slower
 * CPU, simulated from one unthrottled load) of each of `urls`, `runs` times each, in one
 * Chromium; the run with the median score stands for the page.
 */
export async function lighthouseMobile(urls: readonly string[], runs: number): Promise<LighthouseRun[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const out: LighthouseRun[] = [];
    for (const url of urls) {
      const all: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const audits = result.lhr.audits;
        const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        const observed = (audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0];
        all.push({
          performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: metric('largest-contentful-paint'),
          fcpMs: metric('first-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          observedLcpMs: observed?.observedLargestContentfulPaint ?? Number.NaN,
        });
      }
      all.sort((a, b) => a.performance - b.performance);
      out.push(all[Math.floor(all.length / 2)]!);
    }
    return out;
  } finally {
    chrome.kill();
  }
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description: 'Lighthouse mobile performance and largest contentful paint of /search and a listing page',
  async run(ctx: BenchContext) {
    const pages = [
      { key: 'lighthouse-search', label: '/search', path: async () => '/search?acl_city=Seattle' },
      { key: 'lighthouse-listing', label: 'a listing page', path: firstListingPath },
    ].filter((p) => ctx.wants(p.key) || ctx.wants(`${p.key}-lcp`));
    if (pages.length === 0) return;
    const runs = ctx.quick ? 1 : 3;
    await withPublicSite(ctx, async (server) => {
      ctx.progress(`lighthouse: ${pages.map((p) => p.label).join(' and ')}, ${runs} run(s) each`);
      const urls = await Promise.all(pages.map(async (p) => `${server.url}${await p.path(server.url)}`));
      const results = await lighthouseMobile(urls, runs);
      pages.forEach((p, i) => {
        const r = results[i]!;
        const ms = (n: number) => `${Math.round(n)} ms`;
        ctx.record({
          key: p.key,
          label: `Lighthouse mobile performance, ${p.label}`,
          value: r.performance,
          unit: 'score',
          goal: 90,
          detail: `median of ${runs}; simulated FCP ${ms(r.fcpMs)}, LCP ${ms(r.lcpMs)}, TBT ${ms(r.tbtMs)}, CLS ${r.cls.toFixed(3)}`,
        });
        ctx.record({
          key: `${p.key}-lcp`,
          label: `largest contentful paint under Lighthouse's mobile throttling, ${p.label}`,
          value: r.lcpMs,
          unit: 'ms',
          goal: 2500,
          lowerIsBetter: true,
          detail: `simulated (lantern); observed unthrottled ${ms(r.observedLcpMs)}`,
        });
      });
    });
  },
};
