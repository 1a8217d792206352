import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../support/browser';
import type { Benchmark, BenchContext } from './bench';
import { withDemoServer } from './demo-server';

/**
 * The JavaScript a first visit to /search (list view) loads before the network goes quiet, each
 * file gzip-compressed (level 9) as a CDN would serve it: what a visitor on a phone waits for.
 * The built web app (web/dist) served by the product, the demo data seeded; Debian's Chromium.
 */
export async function searchFirstLoadJs(url: string): Promise<{ files: { name: string; gzip: number }[]; raw: number; gzip: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(r.url());
    });
    await page.goto(`${url}/search?acl_city=Seattle`, { waitUntil: 'networkidle' });
    const files: { name: string; gzip: number }[] = [];
    let raw = 0;
    for (const s of scripts) {
      const body = Buffer.from(await (await fetch(s)).arrayBuffer());
      raw += body.length;
      files.push({ name: new URL(s).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js'), gzip: gzipSync(body, { level: 9 }).length });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    return { files, raw, gzip: files.reduce((n, f) => n + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}

export const searchJsBenchmark: Benchmark = {
  name: 'search-js',
  description: 'first load of /search (list): JavaScript, gzip',
  async run(ctx: BenchContext) {
    if (!ctx.wants('search-first-load-js')) return;
    await withDemoServer(ctx, {}, async ({ server }) => {
      ctx.progress('search-first-load-js: loading /search in Chromium');
      const js = await searchFirstLoadJs(server.url);
      const kb = (n: number) => (n / 1024).toFixed(1);
      ctx.record({
        key: 'search-first-load-js',
        label: 'first load of /search (list), JavaScript gzip',
        value: js.gzip / 1024,
        unit: 'kB',
        goal: 80,
        lowerIsBetter: true,
        detail: `${js.files.length} files, ${kb(js.raw)} kB raw; ${js.files
          .slice(0, 4)
          .map((f) => `${f.name} ${kb(f.gzip)}`)
          .join(', ')}`,
      });
    });
  },
};
