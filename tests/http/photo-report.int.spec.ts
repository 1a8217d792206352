import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { home } from '../support/reso-home';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/** POST /api/photo (contract section 3): open to visitors, yet no one client can hide a photo. */
describe('broken-photo reports', () => {
  let db: TestDatabase;
  let server: Started;
  const get = async (path: string) => (await (await fetch(`${server.url}${path}`)).json()) as { photos: string[] };
  /** A report from the client at `ip` (the server trusts X-Forwarded-For here, as behind a proxy). */
  const report = async (ip: string, body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/api/photo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': ip },
      body: JSON.stringify({ mlsid: 'ML', status: 'broken', ...body }),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as { message: string } | null };
  };
  const photos = async (pdid: string) => {
    await server.runtime.runner.waitForCatchUp();
    return { card: (await get(`/api/search/result/${pdid}`)).photos, details: (await get(`/api/details/${pdid}`)).photos };
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { TRUST_PROXY: '1' }));
    await importListings(server.runtime.store, items([home('P1'), home('P2'), home('P3'), home('P4')]), { mls: 'T', ctx: systemContext() });
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('hides a photo once two clients reported it, and shows a placeholder once every photo broke', async () => {
    const both = { card: ['/demo-photos/1.svg', '/demo-photos/2.svg'], details: ['/demo-photos/1.svg', '/demo-photos/2.svg'] };
    expect((await report('203.0.113.1', { pdid: 'T-P1', url: '/demo-photos/1.svg' })).status).toBe(204);
    // The same client again counts once.
    expect((await report('203.0.113.1', { pdid: 'T-P1', url: '/demo-photos/1.svg' })).status).toBe(204);
    expect(await photos('T-P1')).toEqual(both);
    expect((await report('203.0.113.2', { pdid: 'T-P1', url: '/demo-photos/1.svg' })).status).toBe(204);
    expect(await photos('T-P1')).toEqual({ card: ['/demo-photos/2.svg'], details: ['/demo-photos/2.svg'] });
    for (const ip of ['203.0.113.3', '203.0.113.4', '203.0.113.5']) expect((await report(ip, { pdid: 'T-P1', url: '/demo-photos/2.svg' })).status).toBe(204);
    expect(await photos('T-P1')).toEqual({ card: ['/demo-photos/placeholder.svg'], details: ['/demo-photos/placeholder.svg'] });
    // One client reporting every photo of a listing hides none of them.
    for (const url of ['/demo-photos/1.svg', '/demo-photos/2.svg']) expect((await report('198.51.100.9', { pdid: 'T-P2', url })).status).toBe(204);
    expect(await photos('T-P2')).toEqual(both);
  });

  it('keeps no client address: the events and the limit count a keyed hash of it', async () => {
    expect((await report('198.51.100.77', { pdid: 'T-P3', url: '/demo-photos/1.svg' })).status).toBe(204);
    const events = await db.pool.query(`SELECT data::text AS data FROM events WHERE type LIKE 'ListingPhoto%'`);
    const hits = await db.pool.query('SELECT key FROM rate_limit_hits');
    const stored = [...events.rows.map((r) => r.data as string), ...hits.rows.map((r) => r.key as string)].join('\n');
    expect(stored).toContain('"client"');
    expect(stored).not.toMatch(/198\.51\.100|203\.0\.113|127\.0\.0\.1/);
  });

  it("refuses what is not one of the listing's photos, unknown listings and malformed reports", async () => {
    expect(await report('192.0.2.1', { pdid: 'T-P3', url: '/elsewhere.jpg' })).toEqual({
      status: 400,
      body: { message: "This photo is not one of the listing's photos" },
    });
    expect((await report('192.0.2.1', { pdid: 'T-NOPE', url: '/x.jpg' })).status).toBe(404);
    expect((await report('192.0.2.1', { pdid: 'T-P3', url: '/x.jpg', status: 'fine' })).status).toBe(400);
    expect((await report('192.0.2.1', { pdid: 'T-P3', url: '/x.jpg', extra: 1 })).body).toEqual({ message: 'Unknown field: extra' });
  });

  it('answers 429 after 30 reports from one address in 10 minutes, whatever they report; other addresses go on', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 30; i++) expect((await report(ip, { pdid: 'T-P4', url: i % 2 ? '/demo-photos/1.svg' : '/nope.jpg' })).status).not.toBe(429);
    expect(await report(ip, { pdid: 'T-P4', url: '/demo-photos/2.svg' })).toEqual({
      status: 429,
      body: { message: 'Too many photo reports from your address. Please try again in 10 minutes.' },
    });
    expect((await report('192.0.2.51', { pdid: 'T-P4', url: '/demo-photos/2.svg' })).status).toBe(204);
    // The refused report did not count: photo 2 has one client's report, not two.
    const both = ['/demo-photos/1.svg', '/demo-photos/2.svg'];
    expect(await photos('T-P4')).toEqual({ card: both, details: both });
    // Once the window has passed (moved back here rather than waited for), the address may report again.
    await db.pool.query(`UPDATE rate_limit_hits SET expires_at = now() - interval '1 second'`);
    expect((await report(ip, { pdid: 'T-P4', url: '/demo-photos/2.svg' })).status).toBe(204);
    expect(await photos('T-P4')).toEqual({ card: ['/demo-photos/1.svg'], details: ['/demo-photos/1.svg'] });
  });
});
