import { launchBrowser } from '../support/browser';
import type { Benchmark, BenchContext } from './bench';
import { firstListingPath, withPublicSite } from './public-site';

/**
 * The JavaScript a first visit to `path` at 390 px loads before the network goes quiet, as the
 * product serves it (its precompressed copies): each file's body as encoded on the wire, summed
 * exactly, headers aside. The built web app (web/dist) served by the product, the demo data
 * seeded; Debian's Chromium.
 */
export async function firstLoadJs(url: string, path: string): Promise<{ files: { name: string; bytes: number }[]; raw: number; wire: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseBodySize })));
    });
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    const files: { name: string; bytes: number }[] = [];
    let raw = 0;
    for (const s of await Promise.all(scripts)) {
      raw += (await (await fetch(s.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
      files.push({ name: new URL(s.url).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js'), bytes: s.bytes });
    }
    files.sort((a, b) => b.bytes - a.bytes);
    return { files, raw, wire: files.reduce((n, f) => n + f.bytes, 0) };
  } finally {
    await browser.close();
  }
}

export const searchJsBenchmark: Benchmark = {
  name: 'search-js',
  description: 'first load of /search (list) and of a listing page at 390 px: JavaScript over the wire, as served',
  async run(ctx: BenchContext) {
    const pages = [
      { key: 'search-first-load-js', label: '/search (list, 390 px)', path: async () => '/search?acl_city=Seattle' },
      { key: 'listing-first-load-js', label: 'a listing page (390 px)', path: firstListingPath },
    ].filter((p) => ctx.wants(p.key));
    if (pages.length === 0) return;
    await withPublicSite(ctx, async (server) => {
      for (const p of pages) {
        ctx.progress(`${p.key}: loading ${p.label} in Chromium`);
        const js = await firstLoadJs(server.url, await p.path(server.url));
        const kb = (n: number) => (n / 1024).toFixed(1);
        ctx.record({
          key: p.key,
          label: `first load of ${p.label}, JavaScript over the wire as served`,
          value: js.wire / 1024,
          unit: 'kB',
          goal: 80,
          lowerIsBetter: true,
          detail: `${js.files.length} files, ${kb(js.raw)} kB raw; ${js.files
            .slice(0, 4)
            .map((f) => `${f.name} ${kb(f.bytes)}`)
            .join(', ')}`,
        });
      }
    });
  },
};
