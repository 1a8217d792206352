import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { systemContext } from '../../../commands/command-context';
import { PostgresEventStore } from '../../../eventstore/postgres/postgres-event-store';
import { projectRoot } from '../../../shared/paths';
import { listingStream } from '../listing-record';
import { type ImportItem, importListings, type RejectedRecord } from './listing-importer';
import { readListingFile } from './read-listing-file';

const run = promisify(execFile);
const rec = (key: string, extra: Record<string, unknown> = {}) => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ListPrice: 300_000,
  Latitude: 38.5,
  Longitude: -121.4,
  City: 'Sacramento',
  ...extra,
});
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

describe('listing import (contract section 4)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  const ctx = systemContext();
  const types = async (pdid: string) => (await store.readStream(listingStream(pdid))).map((e) => e.type);
  const eventCount = async () => Number((await db.pool.query<{ n: bigint }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-import-'));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lists new records, appends nothing when the same file comes again, and only the changes of a changed record', async () => {
    const openHouse = (key: string, day: number) => ({
      OpenHouseKey: key,
      OpenHouseStartTime: `2099-06-${day}T13:00:00-07:00`,
      OpenHouseEndTime: `2099-06-${day}T15:00:00-07:00`,
      OpenHouseType: 'Public',
    });
    // K10 to K13 have open houses (K10 two of them): each is a ListingOpenHouseAdded after its ListingListed.
    const withOpenHouses = (i: number) => (i === 10 ? [openHouse('A', 13), openHouse('B', 14)] : i > 10 && i <= 13 ? [openHouse(`OH${i}`, 20)] : undefined);
    const first = Array.from({ length: 2500 }, (_, i) => rec(`K${i}`, { ListPrice: 100_000 + i, OpenHouse: withOpenHouses(i) }));
    expect(await importListings(store, items(first), { mls: 'IDEM', ctx, batchSize: 400 })).toEqual({ imported: 2500, changed: 0, unchanged: 0, rejected: 0 });
    const after = await eventCount();
    expect(after).toBe(2500 + 5);
    expect(await types('IDEM-K10')).toEqual(['ListingListed', 'ListingOpenHouseAdded', 'ListingOpenHouseAdded']);
    expect(await importListings(store, items(first), { mls: 'IDEM', ctx, batchSize: 333 })).toEqual({ imported: 0, changed: 0, unchanged: 2500, rejected: 0 });
    expect(await eventCount()).toBe(after);

    const moved = { ...openHouse('OH11', 21) };
    const second = first.map((r, i) =>
      i === 7
        ? { ...r, ListPrice: 90_000 }
        : i === 8
          ? { ...r, StandardStatus: 'Closed', ClosePrice: 99_000, CloseDate: '2024-01-02' }
          : i === 9
            ? { ...r, City: 'Elk Grove' }
            : i === 10
              ? { ...r, OpenHouse: [openHouse('B', 14), openHouse('A', 13), openHouse('C', 27)] } // same two, reordered, and a new one
              : i === 11
                ? { ...r, OpenHouse: [moved] }
                : i === 12
                  ? { ...r, OpenHouse: [{ ...openHouse('OH12', 20), OpenHouseStatus: 'Cancelled' }] }
                  : i === 13
                    ? { ...r, OpenHouse: [] }
                    : r,
    );
    expect(await importListings(store, items(second), { mls: 'IDEM', ctx })).toEqual({ imported: 0, changed: 7, unchanged: 2493, rejected: 0 });
    expect(await eventCount()).toBe(after + 7);
    expect(await types('IDEM-K7')).toEqual(['ListingListed', 'ListingPriceChanged']);
    expect((await store.readStream(listingStream('IDEM-K7')))[1]!.data).toMatchObject({ ListPrice: 90_000, previousListPrice: 100_007 });
    expect(await types('IDEM-K8')).toEqual(['ListingListed', 'ListingStatusChanged']);
    expect(await types('IDEM-K9')).toEqual(['ListingListed', 'ListingDetailsChanged']);
    expect(
      (await store.readStream(listingStream('IDEM-K10')))
        .slice(3)
        .map((e) => [e.type, (e.data as { openHouse: { OpenHouseKey: string } }).openHouse.OpenHouseKey]),
    ).toEqual([['ListingOpenHouseAdded', 'C']]);
    expect((await store.readStream(listingStream('IDEM-K11'))).slice(2).map((e) => e.data)).toEqual([
      expect.objectContaining({
        openHouse: expect.objectContaining({ OpenHouseStartTime: '2099-06-21T13:00:00-07:00' }),
        previous: expect.objectContaining({ OpenHouseStartTime: '2099-06-20T13:00:00-07:00' }),
      }),
    ]);
    expect(await types('IDEM-K12')).toEqual(['ListingListed', 'ListingOpenHouseAdded', 'ListingOpenHouseCancelled']);
    expect(await types('IDEM-K13')).toEqual(['ListingListed', 'ListingOpenHouseAdded', 'ListingOpenHouseCancelled']);
    // And the changed file again appends nothing.
    expect(await importListings(store, items(second), { mls: 'IDEM', ctx })).toEqual({ imported: 0, changed: 0, unchanged: 2500, rejected: 0 });
    expect(await eventCount()).toBe(after + 7);
  });

  it('takes the last of several records of one listing, within a batch and across batches', async () => {
    const records = [rec('D1', { ListPrice: 1 }), rec('D2'), rec('D1', { ListPrice: 2 }), rec('D1', { ListPrice: 3 })];
    expect(await importListings(store, items(records), { mls: 'DUP', ctx, batchSize: 2 })).toEqual({ imported: 2, changed: 2, unchanged: 0, rejected: 0 });
    const events = await store.readStream(listingStream('DUP-D1'));
    expect(
      events.map(
        (e) =>
          (e.data as { ListPrice?: number; listing?: { ListPrice: number } }).ListPrice ?? (e.data as { listing: { ListPrice: number } }).listing.ListPrice,
      ),
    ).toEqual([1, 2, 3]);
  });

  it('retries a batch that lost a race with another importer', async () => {
    const records = Array.from({ length: 600 }, (_, i) => rec(`R${i}`, { ListPrice: 1000 + i }));
    const [a, b] = await Promise.all([
      importListings(store, items(records), { mls: 'RACE', ctx, batchSize: 100 }),
      importListings(store, items(records.map((r) => ({ ...r }))), { mls: 'RACE', ctx, batchSize: 150 }),
    ]);
    expect(a.imported + b.imported).toBe(600);
    expect(a.unchanged + b.unchanged).toBe(600);
    for (const i of [0, 299, 599]) expect(await types(`RACE-R${i}`)).toEqual(['ListingListed']);
  });

  it('reports a bad record with its position and key and imports the rest; a field it cannot read is dropped with a warning', async () => {
    const file = path.join(dir, 'bad-records.ndjson');
    const saturday = { OpenHouseKey: 'S', OpenHouseStartTime: '2099-06-13T13:00:00-07:00', OpenHouseEndTime: '2099-06-13T15:00:00-07:00' };
    const badOpenHouse = rec('B5', { OpenHouse: [saturday, { ...saturday, OpenHouseKey: 'T', OpenHouseEndTime: 'Sat 3pm' }] });
    await fs.writeFile(
      file,
      [
        JSON.stringify(rec('B1')),
        '{"ListingKey": "B2", "StandardStatus": "Active",',
        JSON.stringify(rec('B3', { Latitude: 123 })),
        '',
        JSON.stringify(rec('B4')),
        JSON.stringify(badOpenHouse),
        JSON.stringify(rec('B6', { StandardStatus: 'Sold' })),
      ].join('\n'),
    );
    const rejected: RejectedRecord[] = [];
    const warned: RejectedRecord[] = [];
    const counts = await importListings(store, readListingFile(file), {
      mls: 'BAD',
      ctx,
      onRejected: (r) => rejected.push(r),
      onWarning: (w) => warned.push(w),
    });
    expect(counts).toEqual({ imported: 4, changed: 0, unchanged: 0, rejected: 2 });
    expect(rejected).toEqual([
      { record: 2, line: 2, listingKey: null, message: expect.stringMatching(/^not valid JSON/) },
      { record: 6, line: 7, listingKey: 'B6', message: 'StandardStatus must be a RESO StandardStatus (got "Sold")' },
    ]);
    expect(warned).toEqual([
      { record: 3, line: 3, listingKey: 'B3', message: 'Latitude must be a number from -90 to 90 (got 123); dropped' },
      {
        record: 5,
        line: 6,
        listingKey: 'B5',
        message: expect.stringMatching(/^OpenHouse\[1\]\.OpenHouseEndTime must be an ISO 8601 date-time.*; the open houses were left as they were$/),
      },
    ]);
    // Without a point or a known zip: listed, unmappable. A list of open houses that cannot be read adds none.
    expect((await store.readStream(listingStream('BAD-B3')))[0]!.data).toMatchObject({
      listing: { Latitude: null, Longitude: null, locationApproximate: true },
    });
    expect(await types('BAD-B5')).toEqual(['ListingListed']);
  });

  it("reads timestamps without an offset in the feed's time zone, and refuses an unknown zone before importing anything", async () => {
    const records = [rec('Z1', { ModificationTimestamp: '2024-01-15T10:00:00' })];
    await importListings(store, items(records), { mls: 'TZC', ctx, timeZone: 'America/Chicago' });
    await importListings(store, items(records), { mls: 'TZU', ctx });
    expect((await store.readStream(listingStream('TZC-Z1')))[0]!.data).toMatchObject({ listing: { ModificationTimestamp: '2024-01-15T16:00:00.000Z' } });
    expect((await store.readStream(listingStream('TZU-Z1')))[0]!.data).toMatchObject({ listing: { ModificationTimestamp: '2024-01-15T10:00:00.000Z' } });
    await expect(importListings(store, items(records), { mls: 'TZX', ctx, timeZone: 'Central' })).rejects.toThrow('Unknown time zone "Central"');
  });

  it("places a listing without coordinates at its postal code's centre, loading the centres only when a record needs them", async () => {
    let loads = 0;
    const postalCodeCentres = async () => {
      loads++;
      return (zip: string) => (zip === '95814' ? { lat: 38.58, lng: -121.49 } : undefined);
    };
    await importListings(store, items([rec('P1')]), { mls: 'PLACE', ctx, postalCodeCentres });
    expect(loads).toBe(0);
    await importListings(
      store,
      items([rec('P2', { Latitude: null, Longitude: null, PostalCode: '95814-1234' }), rec('P3', { Latitude: null, PostalCode: '00000' })]),
      { mls: 'PLACE', ctx, postalCodeCentres },
    );
    expect(loads).toBe(1);
    expect((await store.readStream(listingStream('PLACE-P2')))[0]!.data).toMatchObject({
      listing: { Latitude: 38.58, Longitude: -121.49, locationApproximate: true },
    });
    expect((await store.readStream(listingStream('PLACE-P3')))[0]!.data).toMatchObject({
      listing: { Latitude: null, Longitude: null, locationApproximate: true },
    });
    // The same records again: nothing changes.
    expect(
      await importListings(store, items([rec('P2', { Latitude: null, Longitude: null, PostalCode: '95814-1234' })]), { mls: 'PLACE', ctx, postalCodeCentres }),
    ).toMatchObject({ unchanged: 1 });
  });

  it('stops at a malformed file, keeping what came before, and the command line says so', async () => {
    const file = path.join(dir, 'truncated.json');
    await fs.writeFile(file, `[\n${JSON.stringify(rec('T1'))},\n${JSON.stringify(rec('T2'))},\n{"ListingKey": "T3", "Stan`);
    await expect(importListings(store, readListingFile(file), { mls: 'TRUNC', ctx })).rejects.toThrow(/line 4: the file ends inside record 3/);
    expect(await types('TRUNC-T2')).toEqual(['ListingListed']);

    const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'import.cli.js');
    const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
    const ok = path.join(dir, 'page.json');
    await fs.writeFile(ok, JSON.stringify({ '@odata.context': 'x', value: [rec('O1'), rec('O2'), { ListingKey: 'O3' }] }));
    const good = await run('node', [cli, '--mls', 'CLI', ok], { env });
    expect(good.stdout).toBe('imported 2, changed 0, unchanged 0, rejected 1\n');
    expect(good.stderr).toMatch(/record 3 \(line 1\) ListingKey O3 rejected: StandardStatus is required/);
    const again = await run('node', [cli, '--mls', 'CLI', ok], { env });
    expect(again.stdout).toBe('imported 0, changed 0, unchanged 2, rejected 1\n');
    const broken = await run('node', [cli, '--mls', 'CLI', file], { env }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(broken).toMatchObject({ code: 1, stdout: 'imported 2, changed 0, unchanged 0, rejected 0\n' });
    expect((broken as { stderr: string }).stderr).toMatch(/malformed at line 4: the file ends inside record 3/);
    const usage = await run('node', [cli, ok], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 2 });
  });
});
