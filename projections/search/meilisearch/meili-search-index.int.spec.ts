import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListingEvent } from '../../../src/modules/listings/listings.events';
import type { StoredEvent } from '../../../src/shared/event';
import { MeilisearchStandIn } from '../../../tests/support/meilisearch-stand-in';
import { searchDoc } from '../../../tests/support/search-doc';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { PostgresSearchIndex } from '../postgres/postgres-search-index';
import { QueuedWrites } from '../../runner/queued-writes';
import { parseSearchRequest } from '../search-request';
import { MeiliSearch, MeiliTaskError } from './meili-client';
import { FILTERABLE, meiliDocumentOf, SORTABLE } from './meili-document';
import { MeiliSearchIndex } from './meili-search-index';
import { DOCUMENT_BATCH, meiliSearchProjection, writeDocuments } from './meili-search.projection';

/**
 * The adapter and its projection against a stand-in speaking Meilisearch's wire format (no
 * server can be installed here; search-index.meili.spec.ts runs the reference test against a
 * real one): what they send, and that every write waits for its task.
 */
describe('Meilisearch adapter on the wire', () => {
  const standIn = new MeilisearchStandIn();
  let db: TestDatabase;
  let client: MeiliSearch;
  let index: MeiliSearchIndex;
  const criteria = (raw: Record<string, string>) => parseSearchRequest(raw, 'list').criteria;
  const put = (...docs: ReturnType<typeof searchDoc>[]) => {
    for (const d of docs) standIn.docs.set(d.pdid, meiliDocumentOf(d) as never);
  };

  beforeAll(async () => {
    const url = await standIn.start();
    db = await createTestDatabase();
    client = new MeiliSearch({ host: url, apiKey: 'test-key', pollMs: 1 });
    index = await MeiliSearchIndex.connect(client, new PostgresSearchIndex(db.pool), { indexUid: 'homes' });
  });
  afterAll(async () => {
    await standIn.stop();
    await db?.drop();
  });
  beforeEach(() => {
    standIn.docs.clear();
    standIn.requests.length = 0;
  });

  it('creates the index and sets its filterable and sortable attributes at start, waiting for both tasks', async () => {
    const fresh = new MeilisearchStandIn();
    const url = await fresh.start();
    try {
      await MeiliSearchIndex.connect(new MeiliSearch({ host: url, apiKey: 'test-key', pollMs: 1 }), new PostgresSearchIndex(db.pool), { indexUid: 'homes' });
      const writes = fresh.requests.filter((r) => r.method !== 'GET');
      expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /indexes', 'PATCH /indexes/homes/settings']);
      expect(writes[0]!.body).toEqual({ uid: 'homes', primaryKey: 'pdid' });
      expect(writes[1]!.body).toMatchObject({
        filterableAttributes: [...FILTERABLE],
        sortableAttributes: [...SORTABLE],
        pagination: { maxTotalHits: 1_000_000 },
      });
      expect(fresh.requests.every((r) => r.auth === 'Bearer test-key')).toBe(true);
      // Each task looked at until it succeeded: enqueued, processing, succeeded.
      expect(fresh.looks()).toEqual([3, 3]);
      // Started again, the index exists: its creation task fails with index_already_exists, which is fine.
      await MeiliSearchIndex.connect(new MeiliSearch({ host: url, pollMs: 1 }), new PostgresSearchIndex(db.pool), { indexUid: 'homes' });
    } finally {
      await fresh.stop();
    }
  });

  it('writes documents in batches and waits for every task before it returns', async () => {
    const docs = Array.from({ length: DOCUMENT_BATCH * 2 + 5 }, (_, i) => meiliDocumentOf(searchDoc(`k${i}`)));
    await writeDocuments(client, client.index('homes'), docs, ['NW-gone']);
    const writes = standIn.requests.filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.path)).toEqual([
      '/indexes/homes/documents?primaryKey=pdid',
      '/indexes/homes/documents?primaryKey=pdid',
      '/indexes/homes/documents?primaryKey=pdid',
      '/indexes/homes/documents/delete-batch',
    ]);
    expect(writes.map((r) => (r.body as unknown[]).length)).toEqual([DOCUMENT_BATCH, DOCUMENT_BATCH, 5, 1]);
    expect(standIn.looks().slice(-4)).toEqual([3, 3, 3, 3]);
    expect(standIn.docs.size).toBe(docs.length);
  });

  it("fails the batch when a task fails, with the server's reason", async () => {
    standIn.failNext = { type: 'documentAdditionOrUpdate', message: 'invalid_document_geo_field: bad _geo' };
    await expect(writeDocuments(client, client.index('homes'), [meiliDocumentOf(searchDoc('x'))], [])).rejects.toThrow(MeiliTaskError);
    standIn.failNext = { type: 'documentAdditionOrUpdate', message: 'invalid_document_geo_field: bad _geo' };
    await expect(writeDocuments(client, client.index('homes'), [meiliDocumentOf(searchDoc('x'))], [])).rejects.toThrow(
      /failed: invalid_document_geo_field: bad _geo/,
    );
  });

  it('folds events into documents in the projection, replaces them whole, and deletes removed listings', async () => {
    const projection = meiliSearchProjection(client, 'homes');
    const tx = await db.pool.connect();
    try {
      await projection.createTables(tx, (t) => t);
      expect(standIn.requests.some((r) => r.method === 'DELETE' && r.path === '/indexes/homes/documents')).toBe(true);
      const doc = searchDoc('p1');
      const ev = (e: ListingEvent, at = '2026-11-20T12:00:00Z') => ({ ...e, metadata: { at } }) as unknown as StoredEvent;
      const writes = new QueuedWrites(tx);
      const ctx = { tx: writes.tx, write: writes.write, table: (t: string) => t, push: () => undefined, signal: () => undefined, replaying: false };
      await projection.apply([ev({ type: 'ListingListed', data: { pdid: doc.pdid, mls: 'NW', listing: doc.record } })], ctx);
      expect(standIn.docs.get('NW-p1')).toMatchObject({ pdid: 'NW-p1', grp: 1, price: 500_000, _geo: { lat: 47.61, lng: -122.33 } });
      // A batch whose commit failed after Meilisearch took its documents is folded again from the
      // state the rollback restored: the same document, not the change applied twice.
      const cut = ev({ type: 'ListingPriceChanged', data: { pdid: doc.pdid, ListPrice: 450_000, previousListPrice: 500_000, ModificationTimestamp: null } });
      await tx.query('BEGIN');
      await projection.apply([cut], ctx);
      const once = JSON.stringify(standIn.docs.get('NW-p1'));
      await tx.query('ROLLBACK');
      await projection.apply([cut], ctx);
      expect(JSON.stringify(standIn.docs.get('NW-p1'))).toBe(once);
      expect(standIn.docs.get('NW-p1')).toMatchObject({ price: 450_000, price_reduced: true });
      await projection.apply([ev({ type: 'ListingRemoved', data: { pdid: doc.pdid, ModificationTimestamp: null } })], ctx);
      expect(standIn.docs.has('NW-p1')).toBe(false);
      expect(standIn.requests.filter((r) => r.method === 'POST').at(-1)).toMatchObject({
        method: 'POST',
        path: '/indexes/homes/documents/delete-batch',
        body: ['NW-p1'],
      });
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM search_meili_docs');
      expect(rows[0]!.n).toBe(0);
    } finally {
      tx.release();
    }
  });

  it("asks Meilisearch for a page in sort order and reads the true total from the status group's facet count", async () => {
    put(searchDoc('a'), searchDoc('b'), searchDoc('c', { StandardStatus: 'Closed', ClosePrice: 1 }));
    const found = await index.search(criteria({ minprice: '100', sortby: 'price-desc' }), { offset: 0, limit: 2 });
    expect(found.total).toBe(2);
    const req = standIn.requests.find((r) => r.path === '/indexes/homes/search')!;
    expect(req.body).toEqual({
      q: '',
      filter: 'grp = 1 AND price >= 100',
      sort: ['s_price_desc:desc', 's_pdid:asc'],
      offset: 0,
      limit: 2,
      facets: ['grp'],
      attributesToRetrieve: ['pdid'],
    });
  });

  it("on a server without _geoPolygon, reads the polygon's box candidates and keeps, counts, orders and pins only those inside", async () => {
    // A U open to the north: the notch is inside the box, outside the polygon.
    const u = '47 -122.6, 48 -122.6, 48 -122.4, 47.5 -122.4, 47.5 -122.2, 48 -122.2, 48 -122, 47 -122';
    put(
      searchDoc('arm', { Latitude: 47.8, Longitude: -122.5, ListPrice: 200_000 }),
      searchDoc('base', { Latitude: 47.2, Longitude: -122.3, ListPrice: 300_000 }),
      searchDoc('notch', { Latitude: 47.8, Longitude: -122.3, ListPrice: 900_000 }),
      searchDoc('base2', { Latitude: 47.1, Longitude: -122.1, ListPrice: 300_000 }),
    );
    const c = criteria({ polygonmap: u, sortby: 'price-asc' });
    const found = await index.search(c, { offset: 1, limit: 5 });
    expect(found).toEqual({ total: 3, pdids: ['NW-base', 'NW-base2'] });
    const ask = standIn.requests.find((r) => r.path === '/indexes/homes/search')!.body as { filter: string };
    expect(ask.filter).toBe('grp = 1 AND ((lat >= 47 AND lat <= 48 AND lng >= -122.6 AND lng <= -122))');
    const map = await index.map(c, { pins: 2, clusterLevel: 20 });
    expect(map.total).toBe(3);
    expect(map.pins.map((p) => p.pdid)).toEqual(['NW-arm', 'NW-base']);
    expect(map.bounds).toEqual({ minLat: 47.1, maxLat: 47.8, minLng: -122.5, maxLng: -122.1 });
    expect(map.clusters.map((k) => k.count)).toEqual([1, 1, 1]);
    const cards = await index.page(c, { offset: 0, limit: 1 });
    expect(cards.total).toBe(3);
    expect(cards.listings.map((l) => l.pdid)).toEqual(['NW-arm']);
  });

  it('asks _geoPolygon of a 1.22 server, and falls back to boxes and its own check if the server refuses it', async () => {
    const fresh = new MeilisearchStandIn();
    fresh.version = '1.22.0';
    const url = await fresh.start();
    try {
      const on122 = await MeiliSearchIndex.connect(new MeiliSearch({ host: url, pollMs: 1 }), new PostgresSearchIndex(db.pool), { indexUid: 'homes' });
      for (const d of [searchDoc('in', { Latitude: 47.2, Longitude: -122.3 }), searchDoc('notch', { Latitude: 47.8, Longitude: -122.3 })])
        fresh.docs.set(d.pdid, meiliDocumentOf(d) as never);
      const c = criteria({ polygonmap: '47 -122.6, 48 -122.6, 48 -122.4, 47.5 -122.4, 47.5 -122.2, 48 -122.2, 48 -122, 47 -122' });
      await on122.search(c, { offset: 0, limit: 10 });
      const asked = () => fresh.requests.filter((r) => r.path === '/indexes/homes/search').map((r) => (r.body as { filter: string }).filter);
      expect(asked().at(-1)).toMatch(/^grp = 1 AND \(_geoPolygon\(\[47, -122\.6\], /);
      fresh.refuseFilter = /_geoPolygon/;
      expect(await on122.search(c, { offset: 0, limit: 10 })).toEqual({ total: 1, pdids: ['NW-in'] });
      expect(
        asked()
          .slice(-2)
          .map((f) => f.includes('_geoPolygon')),
      ).toEqual([true, false]);
      expect((await on122.map(c, { pins: 5, clusterLevel: 10 })).total).toBe(1);
      expect(asked().at(-1)).not.toContain('_geoPolygon');
    } finally {
      await fresh.stop();
    }
  });

  it('maps from facet counts, facet stats and the first pins when Meilisearch decides alone', async () => {
    put(
      searchDoc('a', { Latitude: 47.6, Longitude: -122.3 }),
      searchDoc('b', { Latitude: 47.7, Longitude: -122.2 }),
      searchDoc('c', { Latitude: null, Longitude: null }),
    );
    const map = await index.map(criteria({ sortby: 'newest' }), { pins: 10, clusterLevel: 8 });
    expect(map.total).toBe(3);
    expect(map.pins.map((p) => p.pdid).sort()).toEqual(['NW-a', 'NW-b']);
    expect(map.bounds).toEqual({ minLat: 47.6, maxLat: 47.7, minLng: -122.3, maxLng: -122.2 });
    expect(map.clusters.map((k) => k.count)).toEqual([2]);
    expect(map.clusters[0]!.latitude).toBeCloseTo(47.65, 12);
    expect(map.clusters[0]!.longitude).toBeCloseTo(-122.25, 12);
    const multi = standIn.requests.find((r) => r.path === '/multi-search')!.body as { queries: unknown[] };
    expect(multi.queries).toEqual([
      { q: '', indexUid: 'homes', filter: 'grp = 1', limit: 0, facets: ['grp', 'cell8'] },
      {
        q: '',
        indexUid: 'homes',
        filter: 'grp = 1 AND has_point = true',
        sort: ['s_newest:desc', 's_pdid:asc'],
        limit: 10,
        attributesToRetrieve: ['pdid', 'lat', 'lng', 'price', 'location_approximate'],
      },
      ...['lat:asc', 'lat:desc', 'lng:asc', 'lng:desc'].map((sort) => ({
        q: '',
        indexUid: 'homes',
        filter: 'grp = 1 AND has_point = true',
        sort: [sort],
        limit: 1,
        attributesToRetrieve: ['lat', 'lng'],
      })),
    ]);
  });

  it('gives cards in the order asked, without listings not shown publicly, and matches alerts on the documents', async () => {
    put(searchDoc('a'), searchDoc('hidden', { InternetEntireListingDisplayYN: false }), searchDoc('b', { PoolPrivateYN: true }));
    expect((await index.listings(['NW-b', 'NW-hidden', 'NW-nope', 'NW-a'])).map((l) => l.pdid)).toEqual(['NW-b', 'NW-a']);
    const pool = index.prepareMatch(criteria({ pool: '1' }));
    const any = index.prepareMatch(criteria({}));
    expect(
      await index.matchEach([
        { pdid: 'NW-a', criteria: [pool, any] },
        { pdid: 'NW-b', criteria: [pool, any] },
        { pdid: 'NW-nope', criteria: [any] },
      ]),
    ).toEqual([[false, true], [true, true], [false]]);
  });
});
