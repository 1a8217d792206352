// Figures for the public search site (not part of npm test):
//   - first-load JavaScript of /search in list view, gzip-compressed as a CDN would serve it;
//   - Lighthouse desktop scores (--pages=… for some) for /search, /search/split, /homes-for-sale/seattle, an agent's page, /agents and a Seattle
//     listing page (Debian's Chromium);
//   - time from pressing Enter on an autocomplete choice to the results drawn.
// Usage: node scripts/web-figures.mjs [--url http://localhost:3000]
// Without --url it starts the built product (npm run build first) on a free port with its data in
// DATA_DIR (default ./.data-figures, kept between runs so the demo data loads once).
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};

async function withServer(fn) {
  const given = arg('--url');
  if (given) return fn(given.replace(/\/$/, ''));
  const { startServer } = require(path.join(root, 'dist/src/main.js'));
  const { loadConfig } = require(path.join(root, 'dist/src/config/config.js'));
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data-figures'),
  });
  const server = await startServer(config);
  try {
    await server.runtime.runner.waitForCatchUp();
    return await fn(server.url);
  } finally {
    await server.stop();
  }
}

async function firstLoadJs(browser, base) {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(`${base}/search?acl_city=Seattle`, { waitUntil: 'networkidle' });
  let raw = 0;
  let gz = 0;
  for (const url of scripts) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  await page.close();
  return { files: scripts.size, rawKb: raw / 1024, gzipKb: gz / 1024 };
}

async function enterToResults(browser, base, view, terms) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const times = [];
  for (const term of terms) {
    await page.goto(`${base}${view}`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: /City, county, zip/ });
    await box.click();
    await box.pressSequentially(term);
    await page.getByRole('option').first().waitFor({ timeout: 10_000 });
    await page.evaluate(() => performance.clearMeasures('search'));
    await box.press('Enter');
    await page.waitForFunction(() => performance.getEntriesByName('search', 'measure').length > 0, null, { timeout: 15_000 });
    times.push(await page.evaluate(() => performance.getEntriesByName('search', 'measure')[0].duration));
  }
  await page.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], max: times[times.length - 1], n: times.length };
}

async function lighthouseScores(base, paths) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  const out = {};
  try {
    for (const p of paths) {
      const r = await lighthouse(`${base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error' }, desktop);
      const c = r.lhr.categories;
      out[p] = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
      out[p].lcpMs = Math.round(r.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      out[p].tbtMs = Math.round(r.lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      // What kept a category below 100, so the figure can be acted on.
      out[p].failing = Object.values(c)
        .flatMap((cat) => cat.auditRefs.filter((a) => a.weight > 0).map((a) => r.lhr.audits[a.id]))
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id);
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

await withServer(async (base) => {
  if (!process.argv.includes('--lighthouse-only')) await browserFigures(base);
  // The server-rendered pages search engines read: a city's landing page and its first listing.
  const first = (await (await fetch(`${base}/api/search?acl_city=Seattle&perpage=1`)).json()).results?.[0]?.pdid;
  // An agent's page and the team page (issue 17 part 3): the site's first agent.
  const agent = (await (await fetch(`${base}/api/pages/agents`)).json()).agents?.find((a) => a.role === 'Agent')?.path;
  const all = [
    '/search?acl_city=Seattle',
    '/search/split?acl_city=Seattle',
    '/homes-for-sale/seattle',
    ...(first ? [`/listing/${encodeURIComponent(first)}`] : []),
    ...(agent ? [agent] : []),
    '/agents',
  ];
  // --pages=city,listing,agent,team,search,split: only those.
  const only = process.argv
    .find((a) => a.startsWith('--pages='))
    ?.slice(8)
    .split(',');
  const names = ['search', 'split', 'city', 'listing', 'agent', 'team'];
  const paths = only
    ? all.filter((p) => only.includes(p === '/agents' ? 'team' : p === agent ? 'agent' : p.startsWith('/listing/') ? 'listing' : names[all.indexOf(p)]))
    : all;
  const lh = await lighthouseScores(base, paths);
  for (const [p, s] of Object.entries(lh)) console.log(`Lighthouse desktop ${p}: ${JSON.stringify(s)}`);
});

async function browserFigures(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  try {
    const js = await firstLoadJs(browser, base);
    console.log(`first-load JS of /search (list): ${js.files} files, ${js.rawKb.toFixed(1)} kB raw, ${js.gzipKb.toFixed(1)} kB gzip`);
    const terms = ['Seattl', 'Sacramen', 'Bellev', 'Kirklan', 'Renton', 'Folso', 'Redmon'];
    for (const view of ['/search', '/search/split']) {
      const t = await enterToResults(browser, base, view, terms);
      console.log(`Enter to results drawn on ${view}: median ${t.median.toFixed(0)} ms (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)}, n=${t.n})`);
    }
  } finally {
    await browser.close();
  }
}
