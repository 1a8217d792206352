import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedListingsProjection } from '../../projections/feed-listings';
import { ProjectionRunner } from '../../projections/runner';
import { FeedCredentialsError, FeedProtocolError, type FeedSyncEvent, RecordEnricher, ResoClient, runFeed } from '../../src/modules/feeds';
import { listingStream } from '../../src/modules/listings';
import { type FeedFixture, feedFixture, properties, property } from '../support/feed-fixture';

const counts = (fetched: number, imported: number, changed: number, unchanged: number, deleted: number, rejected: number) => ({
  fetched,
  imported,
  changed,
  unchanged,
  deleted,
  rejected,
});

describe('feed replication from a RESO Web API (contract 4a)', () => {
  let f: FeedFixture;
  beforeAll(async () => {
    f = await feedFixture();
  });
  afterAll(async () => {
    await f?.close();
  });

  /** Every listing of the feed has exactly one ListingListed: nothing was imported twice. */
  const listedOnce = async (mls: string, keys: readonly string[]) => {
    for (const k of keys) expect((await f.types(`${mls}-${k}`)).filter((t) => t === 'ListingListed')).toEqual(['ListingListed']);
  };

  it('pulls everything the first time, then only what changed; the checkpoint goes with each batch', async () => {
    const server = await f.server();
    const records = properties(2500);
    server.put('Property', ...records);
    await f.addFeed('FULL', server);

    const first = await runFeed(f.deps, 'FULL', { kind: 'sync' });
    expect(first.counts).toEqual(counts(2500, 2500, 0, 0, 0, 0));
    await listedOnce('FULL', ['K00001', 'K01000', 'K01001', 'K02500']);
    const events = await f.syncEvents('FULL');
    expect(events.map((e) => e.type)).toEqual([
      'FeedSyncStarted',
      'FeedCheckpointAdvanced',
      'FeedCheckpointAdvanced',
      'FeedCheckpointAdvanced',
      'FeedSyncCompleted',
    ]);
    expect(events[0]!.data).toMatchObject({ full: true, checkpoint: null });
    const checkpoints = events.filter((e): e is Extract<FeedSyncEvent, { type: 'FeedCheckpointAdvanced' }> => e.type === 'FeedCheckpointAdvanced');
    expect(checkpoints.map((e) => e.data.checkpoint)).toEqual([
      { ModificationTimestamp: '2024-01-01T00:16:39.000Z', keys: ['K01000'] },
      { ModificationTimestamp: '2024-01-01T00:33:19.000Z', keys: ['K02000'] },
      { ModificationTimestamp: '2024-01-01T00:41:39.000Z', keys: ['K02500'] },
    ]);
    expect(checkpoints[0]!.data.expectedTotal).toBe(2500);
    // The checkpoint is stored in the same transaction as the listing events it covers.
    const { rows } = await f.db.pool.query<{ same: boolean }>(
      `SELECT bool_and(c.transaction_id = l.transaction_id) AS same FROM events c JOIN events l ON l.stream_id = $1 WHERE c.stream_id = 'feedsync-FULL' AND c.type = 'FeedCheckpointAdvanced' AND c.stream_position = 1`,
      [listingStream('FULL-K01000')],
    );
    expect(rows[0]!.same).toBe(true);

    // Nothing changed: nothing fetched (the record at the checkpoint is not imported again).
    expect((await runFeed(f.deps, 'FULL', { kind: 'sync' })).counts).toEqual(counts(0, 0, 0, 0, 0, 0));

    server.put('Property', { ...records[9]!, ListPrice: 250_000, ModificationTimestamp: '2024-02-01T00:00:00Z' }, property('N1', '2024-02-01T00:00:01Z'), {
      ...records[20]!,
      City: 'Evanston',
      ModificationTimestamp: '2024-02-01T00:00:02Z',
    });
    const third = await runFeed(f.deps, 'FULL', { kind: 'sync' });
    expect(third.counts).toEqual(counts(3, 1, 2, 0, 0, 0));
    expect(await f.types('FULL-K00010')).toEqual(['ListingListed', 'ListingPriceChanged']);
    expect(await f.types('FULL-K00021')).toEqual(['ListingListed', 'ListingDetailsChanged']);
    expect((await f.syncEvents('FULL')).at(-1)!.data).toMatchObject({ checkpoint: { ModificationTimestamp: '2024-02-01T00:00:02.000Z', keys: ['K00021'] } });
  });

  it('a change at the same timestamp as the checkpoint is found, and what was imported at it is not imported again', async () => {
    const server = await f.server();
    const at = '2024-03-01T12:00:00Z';
    server.put('Property', property('B2', at), property('B4', at));
    await f.addFeed('SAME', server);
    expect((await runFeed(f.deps, 'SAME', { kind: 'sync' })).counts).toEqual(counts(2, 2, 0, 0, 0, 0));
    expect((await f.syncEvents('SAME')).at(-1)!.data).toMatchObject({ checkpoint: { ModificationTimestamp: '2024-03-01T12:00:00.000Z', keys: ['B2', 'B4'] } });
    // Two records arrive later at exactly the checkpoint's timestamp, one sorting before the keys seen, one after.
    server.put('Property', property('B1', at), property('B9', at));
    expect((await runFeed(f.deps, 'SAME', { kind: 'sync' })).counts).toEqual(counts(2, 2, 0, 0, 0, 0));
    await listedOnce('SAME', ['B1', 'B2', 'B4', 'B9']);
    expect((await runFeed(f.deps, 'SAME', { kind: 'sync' })).counts).toEqual(counts(0, 0, 0, 0, 0, 0));
  });

  it('removes listings by StandardStatus Delete, MlgCanView false and key reconciliation (checked once more before removing)', async () => {
    const runner = new ProjectionRunner({ pool: f.db.pool, databaseUrl: f.db.url, store: f.store, projections: [feedListingsProjection], batchSize: 500 });
    runner.start();
    try {
      const server = await f.server();
      server.put('Property', ...properties(10));
      await f.addFeed('DEL', server);
      await runFeed(f.deps, 'DEL', { kind: 'sync' });
      server.put(
        'Property',
        property('K00002', '2024-05-01T00:00:00Z', { StandardStatus: 'Delete' }),
        property('K00003', '2024-05-01T00:00:01Z', { MlgCanView: false }),
      );
      expect((await runFeed(f.deps, 'DEL', { kind: 'sync' })).counts).toEqual(counts(2, 0, 0, 0, 2, 0));
      expect(await f.types('DEL-K00002')).toEqual(['ListingListed', 'ListingRemoved']);
      expect(await f.types('DEL-K00003')).toEqual(['ListingListed', 'ListingRemoved']);

      // Hard deletes: the server just stops having them.
      server.remove('Property', 'K00005');
      server.remove('Property', 'K00007');
      await runner.waitForCatchUp();
      const reconciled = await runFeed(f.deps, 'DEL', { kind: 'reconcile' });
      expect(reconciled.counts).toEqual(counts(2, 0, 0, 0, 2, 0));
      expect(await f.types('DEL-K00005')).toEqual(['ListingListed', 'ListingRemoved']);
      expect(await f.types('DEL-K00001')).toEqual(['ListingListed']);
      const last = (await f.syncEvents('DEL')).at(-1)!;
      expect(last).toMatchObject({ type: 'FeedSyncCompleted', data: { kind: 'reconcile', counts: counts(2, 0, 0, 0, 2, 0) } });
      // The replication checkpoint did not move.
      expect(last.data).toMatchObject({ checkpoint: { ModificationTimestamp: '2024-05-01T00:00:01.000Z' } });
      await runner.waitForCatchUp();
      expect((await runFeed(f.deps, 'DEL', { kind: 'reconcile' })).counts).toEqual(counts(0, 0, 0, 0, 0, 0));

      // A server that answers nothing (a wrong $filter): more than half would go, so nothing does without --force.
      for (const r of server.all('Property')) server.remove('Property', String(r.ListingKey));
      server.put('Property', ...properties(40, 100).map((r, i) => ({ ...r, ModificationTimestamp: `2024-06-01T00:00:${String(i).padStart(2, '0')}Z` })));
      await runFeed(f.deps, 'DEL', { kind: 'sync' });
      for (const r of server.all('Property')) server.remove('Property', String(r.ListingKey));
      await runner.waitForCatchUp();
      await expect(runFeed(f.deps, 'DEL', { kind: 'reconcile' })).rejects.toThrow(
        /would remove 46 of the 46 listings of feed DEL; nothing was removed.*--force/,
      );
      expect(await f.types('DEL-K00101')).toEqual(['ListingListed']);
      expect((await runFeed(f.deps, 'DEL', { kind: 'reconcile', force: true })).counts.deleted).toBe(46);
    } finally {
      await runner.stop();
    }
  });

  it.each([
    ['nextLink only (the server ignores $skip)', { nextLink: 'only' as const, topCap: 7 }, 'auto' as const],
    ['$top capped below the page size, no nextLink', { nextLink: 'never' as const, topCap: 7 }, 'auto' as const],
    ['$skip ignored, no nextLink (keyset paging needs none)', { nextLink: 'never' as const, ignoreSkip: true }, 'auto' as const],
    ['nextLink given but paging skip', { nextLink: 'auto' as const, topCap: 9 }, 'skip' as const],
    ['paging nextLink', { nextLink: 'auto' as const }, 'nextLink' as const],
    ['no @odata.count', { nextLink: 'never' as const, count: false, topCap: 5 }, 'auto' as const],
  ])('pages every record exactly once: %s', async (_label, options, paging) => {
    const server = await f.server(options);
    const records = properties(53);
    // Timestamp groups across page edges: three records share each of these timestamps.
    for (const i of [6, 7, 8, 19, 20, 21]) records[i]!.ModificationTimestamp = i < 10 ? '2024-01-01T00:00:06Z' : '2024-01-01T00:00:19Z';
    server.put('Property', ...records);
    const name = `PG${Math.abs(hash(_label))}`;
    await f.addFeed(name, server, { pageSize: 20, paging });
    expect((await runFeed(f.deps, name, { kind: 'sync' })).counts).toEqual(counts(53, 53, 0, 0, 0, 0));
    await listedOnce(
      name,
      records.map((r) => String(r.ListingKey)),
    );
    server.put('Property', property('K00010', '2024-06-01T00:00:00Z', { ListPrice: 1 }));
    expect((await runFeed(f.deps, name, { kind: 'sync' })).counts).toEqual(counts(1, 0, 1, 0, 0, 0));
  });

  it('stops with a clear error instead of looping when the server ignores $skip inside a large group of one timestamp', async () => {
    const server = await f.server({ nextLink: 'never', ignoreSkip: true });
    server.put('Property', ...properties(30).map((r) => ({ ...r, ModificationTimestamp: '2024-01-01T00:00:00Z' })));
    await f.addFeed('LOOP', server, { pageSize: 10 });
    const error = await runFeed(f.deps, 'LOOP', { kind: 'sync' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedProtocolError);
    expect((error as Error).message).toMatch(/it ignores \$skip/);
    // What came before the error is kept, with its checkpoint; the failure is recorded.
    const last = (await f.syncEvents('LOOP')).at(-1)!;
    expect(last).toMatchObject({ type: 'FeedSyncFailed', data: { counts: { imported: 10 } } });
    expect((last.data as { message: string }).message).toMatch(/ignores \$skip/);
    expect(server.requestsTo('Property').length).toBeLessThan(5);
  });

  it('refreshes the OAuth2 token before it expires and after a 401; refused credentials say so', async () => {
    const server = await f.server({ tokenLifetimeSeconds: 1, delayMs: 300 });
    server.put('Property', ...properties(12));
    await f.addFeed('TOK', server, { pageSize: 2 });
    await runFeed(f.deps, 'TOK', { kind: 'sync' });
    // A token lives one second (renewed a tenth before): several were fetched over a sync of about 7 pages.
    expect(server.tokensIssued).toBeGreaterThan(1);
    expect(server.requestsTo('Property').filter((r) => r.status === 401)).toEqual([]);

    server.options.tokenLifetimeSeconds = 3600;
    server.options.delayMs = 0;
    server.put('Property', property('K00001', '2024-07-01T00:00:00Z', { ListPrice: 2 }));
    const before = server.tokensIssued;
    server.expireTokens();
    await runFeed(f.deps, 'TOK', { kind: 'sync' });
    expect(server.tokensIssued).toBe(before + 1);

    await f.addFeed('TOK', server, { auth: { kind: 'oauth2', tokenUrl: server.tokenUrl, clientId: 'porchlight', clientSecret: 'wrong' } });
    const refused = await runFeed(f.deps, 'TOK', { kind: 'sync' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FeedCredentialsError);
    expect((refused as Error).message).toMatch(/refused the client credentials \(HTTP 401, invalid_client\)/);
    expect((refused as Error).message).not.toMatch(/wrong/);
  });

  it('backs off on 429 and 5xx, waiting what Retry-After says', async () => {
    const server = await f.server();
    server.put('Property', ...properties(5));
    await f.addFeed('BACK', server);
    server.failNext({ status: 429, retryAfter: '1' }, { status: 503 }, { status: 502 });
    const waits: number[] = [];
    const result = await runFeed(f.deps, 'BACK', { kind: 'sync', onWait: (ms) => waits.push(ms) });
    expect(result.counts).toEqual(counts(5, 5, 0, 0, 0, 0));
    expect(waits[0]).toBe(1000);
    expect(waits).toHaveLength(3);
    expect(
      server
        .requestsTo('Property')
        .map((r) => r.status)
        .slice(0, 4),
    ).toEqual([429, 503, 502, 200]);

    // Retry-After longer than any sync should wait: the sync stops and says when to come back.
    server.put('Property', property('K00001', '2024-08-01T00:00:00Z', { ListPrice: 3 }));
    server.failNext({ status: 429, retryAfter: '3600' });
    await expect(runFeed(f.deps, 'BACK', { kind: 'sync' })).rejects.toThrow(/asks to wait 3600 s \(Retry-After\)/);
    // Too many 5xx: the server could not be reached; the listings stay as they were.
    server.failNext(...Array.from({ length: 4 }, () => ({ status: 500 })));
    await expect(runFeed(f.deps, 'BACK', { kind: 'sync' })).rejects.toThrow(/HTTP 500 .*still after 4 attempts/);
    expect(await f.types('BACK-K00001')).toEqual(['ListingListed']);
    expect((await runFeed(f.deps, 'BACK', { kind: 'sync' })).counts).toEqual(counts(1, 0, 1, 0, 0, 0));
  });

  it("reads timestamps without an offset in the feed's zone, and takes Media and open houses from their resources when $expand is refused", async () => {
    const server = await f.server({ expand: false, naiveOffsetMinutes: -300 });
    server.put('Property', property('TZ1', '2024-07-04T08:00:00'), property('TZ2', '2024-07-04T09:30:00'));
    server.put(
      'Media',
      { MediaKey: 'm2', ResourceRecordKey: 'TZ1', MediaURL: 'https://photos.example.test/tz1-b.jpg', Order: 2 },
      { MediaKey: 'm1', ResourceRecordKey: 'TZ1', MediaURL: 'https://photos.example.test/tz1-a.jpg', Order: 1 },
    );
    server.put('OpenHouse', {
      OpenHouseKey: 'o1',
      ListingKey: 'TZ2',
      OpenHouseStartTime: '2099-07-05T13:00:00-05:00',
      OpenHouseEndTime: '2099-07-05T15:00:00-05:00',
      OpenHouseType: 'Public',
    });
    await f.addFeed('TZ', server, { timeZone: 'America/Chicago', resources: ['Property', 'Media', 'OpenHouse'] });
    expect((await runFeed(f.deps, 'TZ', { kind: 'sync' })).counts).toEqual(counts(2, 2, 0, 0, 0, 0));
    const listed = (await f.store.readStream(listingStream('TZ-TZ1')))[0]!.data as { listing: { ModificationTimestamp: string; photos: string[] } };
    expect(listed.listing.ModificationTimestamp).toBe('2024-07-04T13:00:00.000Z');
    expect(listed.listing.photos).toEqual(['https://photos.example.test/tz1-a.jpg', 'https://photos.example.test/tz1-b.jpg']);
    expect(await f.types('TZ-TZ2')).toEqual(['ListingListed', 'ListingOpenHouseAdded']);
    expect((await runFeed(f.deps, 'TZ', { kind: 'sync' })).counts).toEqual(counts(0, 0, 0, 0, 0, 0));
    // Each sync's first query tries $expand (with and without $count, with a smaller $top); refused, it reads the resources.
    expect(
      server
        .requestsTo('Property')
        .filter((r) => r.query.$expand)
        .map((r) => r.status),
    ).toEqual([400, 400, 400, 400, 400, 400]);
  });

  it("fills the listing agent's and office's names from Member and Office (by key, else MLS id) when the record lacks them", async () => {
    const server = await f.server({ bearerTokens: ['t0k'] });
    server.put(
      'Member',
      { MemberKey: 'M1', MemberMlsId: 'A-1', MemberFullName: 'Jane Q. Agent' },
      { MemberKey: 'M2', MemberMlsId: 'A-2', MemberFirstName: 'Sam', MemberLastName: 'Seller' },
    );
    server.put('Office', { OfficeKey: 'O1', OfficeMlsId: 'OF-77', OfficeName: 'Lakeside Realty' });
    const client = new ResoClient(server.url, { kind: 'bearer', token: 't0k' });
    const lookup = { resourceUrl: (r: string, q: Record<string, string | undefined>) => client.resourceUrl(r, q), page: (u: string) => client.page(u) };
    const enricher = new RecordEnricher(lookup, ['Property', 'Member', 'Office'], () => false);
    const read = (raw: Record<string, unknown>) => ({ raw, key: String(raw.ListingKey), ts: null });
    const out = await enricher.enrich([
      read(property('E1', '2024-01-01T00:00:00Z', { ListAgentKey: 'M1', ListOfficeMlsId: 'OF-77' })),
      read(property('E2', '2024-01-01T00:00:00Z', { ListAgentMlsId: 'A-2', ListOfficeKey: 'O1', ListOfficeName: 'As The Feed Says' })),
      read(property('E3', '2024-01-01T00:00:00Z', { ListAgentKey: 'NOBODY' })),
    ]);
    expect(out.map((r) => [r.ListAgentFullName, r.ListOfficeName])).toEqual([
      ['Jane Q. Agent', 'Lakeside Realty'],
      ['Sam Seller', 'As The Feed Says'],
      [undefined, undefined],
    ]);
    // Cached: the same agents again ask nothing more.
    const asked = server.requestsTo('Member').length;
    await enricher.enrich([read(property('E4', '2024-01-01T00:00:00Z', { ListAgentKey: 'M1' }))]);
    expect(server.requestsTo('Member').length).toBe(asked);

    // Not licensed for Member: a warning, and the sync goes on.
    server.options.forbidden = ['Member'];
    const refused = new RecordEnricher(lookup, ['Property', 'Member'], () => false);
    const kept = await refused.enrich([read(property('E5', '2024-01-01T00:00:00Z', { ListAgentKey: 'M2' }))]);
    expect(kept[0]!.ListAgentFullName).toBeUndefined();
    expect(refused.warnings).toEqual([expect.stringMatching(/^Member could not be read \(.*HTTP 403.*\); ListAgentFullName comes only from the records$/)]);
  });

  it('a server that refuses a $top above its maximum: the first query is asked again with 100, and the sync goes on, saying so', async () => {
    const server = await f.server({ maxTop: 100 });
    server.put('Property', ...properties(250));
    server.put('Media', { MediaKey: 'x1', ResourceRecordKey: 'K00001', MediaURL: 'https://photos.example.test/k1.jpg', Order: 1 });
    await f.addFeed('MAXTOP', server, { pageSize: 1000, resources: ['Property', 'Media'] });
    const result = await runFeed(f.deps, 'MAXTOP', { kind: 'sync' });
    expect(result.counts).toEqual(counts(250, 250, 0, 0, 0, 0));
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /^The server refused the first query \(.*\$top must be at most 100\); it answered without the \$count, \$top=1000 \(100 asked instead\)$/,
      ),
    ]);
    // $expand kept: the photo came with its listing, and every later page asked for 100.
    expect(((await f.store.readStream(listingStream('MAXTOP-K00001')))[0]!.data as { listing: { photos: string[] } }).listing.photos).toEqual([
      'https://photos.example.test/k1.jpg',
    ]);
    expect(server.requestsTo('Media')).toEqual([]);
    expect(
      server
        .requestsTo('Property')
        .filter((r) => r.status === 200)
        .every((r) => r.query.$top === '100'),
    ).toBe(true);
    expect((await f.syncEvents('MAXTOP')).at(-1)).toMatchObject({
      type: 'FeedSyncCompleted',
      data: { warnings: [expect.stringMatching(/refused the first query/)] },
    });
  });

  it('a rejected record is counted with its key and never stops the sync', async () => {
    const server = await f.server();
    server.put(
      'Property',
      property('R1', '2024-01-01T00:00:01Z'),
      property('R2', '2024-01-01T00:00:02Z', { StandardStatus: 'Sold-ish' }),
      property('R3', '2024-01-01T00:00:03Z'),
    );
    await f.addFeed('REJ', server);
    const errors: unknown[] = [];
    const result = await runFeed(f.deps, 'REJ', { kind: 'sync', onRejected: (e) => errors.push(e) });
    expect(result.counts).toEqual(counts(3, 2, 0, 0, 0, 1));
    expect(errors).toEqual([{ key: 'R2', message: expect.stringMatching(/StandardStatus/) }]);
    const checkpoint = (await f.syncEvents('REJ')).find((e) => e.type === 'FeedCheckpointAdvanced')!;
    expect(checkpoint.data).toMatchObject({ errors: [{ key: 'R2' }] });
  });
});

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h % 100000;
}
