import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbound, PrivateAddressError, type Resolve } from './outbound';

/** A resolver that answers each name's addresses in turn (the last one again once they run out). */
const answers = (table: Record<string, string[][]>): Resolve => {
  const asked = new Map<string, number>();
  return async (host) => {
    const list = table[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const n = asked.get(host) ?? 0;
    asked.set(host, n + 1);
    return list[Math.min(n, list.length - 1)]!.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
};

describe('outbound requests to URLs that users set', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/gzip') return res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' }).end(gzipSync('{"ok":true}'));
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 5_000);
      res.end('internal answer');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('a name that resolves to a public address when set and to 127.0.0.1 when connected to (DNS rebinding) is refused, nothing sent', async () => {
    const outbound = new Outbound({ allowPrivate: false, resolve: answers({ 'mls.test': [['93.184.216.34'], ['127.0.0.1']] }) });
    const url = `http://mls.test:${port}/secret`;
    expect(await outbound.isPrivate(url)).toBe(false);
    await expect(outbound.fetch(url)).rejects.toBeInstanceOf(PrivateAddressError);
    expect(seen).not.toContain('/secret');
  });

  it('a name with any private address among its addresses, and private address literals, are refused; a name that does not resolve is left to the connection', async () => {
    const outbound = new Outbound({ allowPrivate: false, resolve: answers({ 'mixed.test': [['93.184.216.34', '::ffff:10.0.0.1']] }) });
    expect(await outbound.isPrivate('http://mixed.test/')).toBe(true);
    await expect(outbound.fetch(`http://mixed.test:${port}/`)).rejects.toBeInstanceOf(PrivateAddressError);
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://[::1]/',
      'http://localhost/',
      'http://a.localhost/',
      'http://0.0.0.0/',
      'http://2130706433/',
    ]) {
      expect(await outbound.isPrivate(url), url).toBe(true);
      if (!url.includes('localhost')) await expect(outbound.fetch(url), url).rejects.toBeInstanceOf(PrivateAddressError);
    }
    expect(await outbound.isPrivate('http://unknown.test/')).toBe(false);
    await expect(outbound.fetch('http://unknown.test/')).rejects.toMatchObject({ name: 'TypeError', cause: { code: 'ENOTFOUND' } });
  });

  it('allowed private addresses are reached through our lookup; what they answer is marked not to be shown unless the policy shows it', async () => {
    const resolve = answers({ 'intranet.test': [['127.0.0.1']] });
    const quiet = await new Outbound({ allowPrivate: true, resolve }).fetch(`http://intranet.test:${port}/hello`);
    expect([quiet.status, await quiet.text(), quiet.mayShowAnswer]).toEqual([200, 'internal answer', false]);
    const shown = await new Outbound({ allowPrivate: true, showPrivateAnswers: true, resolve }).fetch(`http://intranet.test:${port}/hello`);
    expect(shown.mayShowAnswer).toBe(true);
  });

  it('decodes gzip, does not follow redirects, and stops at the signal', async () => {
    const outbound = new Outbound({ allowPrivate: true });
    expect(await (await outbound.fetch(`http://127.0.0.1:${port}/gzip`)).json()).toEqual({ ok: true });
    const redirect = await outbound.fetch(`http://127.0.0.1:${port}/redirect`);
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, 'http://169.254.169.254/latest/meta-data']);
    await expect(outbound.fetch(`http://127.0.0.1:${port}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
