import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { systemContext } from '../../src/commands/command-context';
import { importListings } from '../../src/modules/listings';
import { projectRoot } from '../../src/shared/paths';
import { demoUser, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request over a real socket, the body as it came over the wire (never decoded). */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function rawHead(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method: 'HEAD', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
      })
      .on('error', reject)
      .end();
  });
}

const decoded = (r: Raw): Buffer =>
  r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;

/** Contract section 11, Compression: over a real socket, as a browser asks for it. */
describe('compressed answers', () => {
  let server: Started;
  let stop: () => Promise<void>;
  const assets = path.join(projectRoot, 'web', 'dist', 'assets');
  // The biggest script of the build: the one a visitor waits for.
  const script = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0]!;

  beforeAll(async () => {
    ({ server, stop } = await startDashboardServer());
    // A server-rendered listing page: the app's own shell (index.html) is under the 1 kB threshold.
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('Z1') }], { mls: 'T', ctx: systemContext() });
    await settle(server);
  }, 180_000);
  afterAll(async () => stop?.());

  it('serves hashed assets as the build compressed them, by Accept-Encoding, cached for a year', async () => {
    const plain = fs.readFileSync(path.join(assets, script));
    // The build wrote both copies once.
    expect(fs.existsSync(path.join(assets, `${script}.br`)) && fs.existsSync(path.join(assets, `${script}.gz`))).toBe(true);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      const res = await rawGet(`${server.url}/assets/${script}`, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.length / 2);
      expect(decoded(res).equals(plain)).toBe(true);
    }
    // A client that takes no encoding gets the file as it is.
    const identity = await rawGet(`${server.url}/assets/${script}`, {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses pages and API answers over 1 kB on the fly, and leaves small ones alone', async () => {
    const page = await rawGet(`${server.url}/listing/T-Z1`, {
      accept: 'text/html',
      'accept-encoding': 'gzip, deflate, br',
      host: `demo.localhost:${new URL(server.url).port}`,
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toMatch(/accept-encoding/i);
    expect(decoded(page).toString()).toContain('<div id="root"');

    const api = await rawGet(`${server.url}/api/openapi.json`, { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(api).toString()).openapi).toMatch(/^3\./);

    const small = await rawGet(`${server.url}/api/no-such-thing`, { accept: 'application/json', 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer sent whole in one piece, with its length, as the visitor asks (the public search)', async () => {
    const url = `${server.url}/api/search`;
    const plain = await rawGet(url, {});
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawGet(url, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      // Not chunked: compressed at once, so its length is known before it is sent.
      expect(res.headers['transfer-encoding'], accept).toBeUndefined();
      expect(Number(res.headers['content-length']), accept).toBe(res.body.length);
      expect(JSON.parse(decoded(res).toString()), accept).toEqual(JSON.parse(plain.body.toString()));
    }
    const head = await rawHead(url, { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('streams a long download (the CSV export) compressed, whole', async () => {
    const broker = await signIn(server, demoUser('broker').email);
    const headers = { accept: 'text/csv', cookie: broker.cookieHeader(), host: broker.host };
    const plain = await rawGet(`${server.url}/api/dashboard/leads/export.csv`, headers);
    expect(plain.status).toBe(200);
    const csv = plain.body.toString();
    expect(csv.split('\n').length).toBeGreaterThan(5);
    const gz = await rawGet(`${server.url}/api/dashboard/leads/export.csv`, { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).toString()).toBe(csv);
  });
});
