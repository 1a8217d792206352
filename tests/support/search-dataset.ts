import { systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import type { EventStore } from '../../src/eventstore/event-store.port';
import {
  evolveListing,
  importListings,
  type ImportItem,
  initialListing,
  type Listing,
  type ListingEvent,
  listingEventTypes,
  listingStream,
  type ResoRecord,
} from '../../src/modules/listings';
import { KING_COUNTY_CSV, SACRAMENTO_CSV } from '../../src/demo/demo-files';
import { generateListings, loadZipDirectory, readKingCountySales, readSacramentoListings, resoItems } from '../../src/demo/listings';
import type { ResoOpenHouse } from '../../src/modules/listings/reso-record';
import { reportBrokenPhotoDecider } from '../../src/modules/listings/report-broken-photo/report-broken-photo.decide';
import type { StoredEvent } from '../../src/shared/event';
import { addOpenHouseAt } from './past-open-houses';
import type { ReferenceListing } from './search-reference';

async function take<T>(source: AsyncIterable<T>, n: number): Promise<T[]> {
  const out: T[] = [];
  for await (const x of source) {
    out.push(x);
    if (out.length >= n) break;
  }
  return out;
}

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/**
 * Real and generated listings imported through the import path, then a second and third feed
 * that drop and raise prices, close, suspend and delete some, move a few to another city; open
 * houses (see openHouseFeeds); and some photos reported broken. Deterministic.
 */
export async function importSearchDataset(store: EventStore, o: { kingCounty: number; generated: number }): Promise<void> {
  const ctx = systemContext(new Date('2024-06-01T12:00:00Z'));
  const kc = await take(readKingCountySales(KING_COUNTY_CSV), o.kingCounty);
  const sac = await take(readSacramentoListings(SACRAMENTO_CSV), 10_000);
  const gen = [...generateListings({ seed: 3, count: o.generated, today: '2024-06-01', zips: await loadZipDirectory() })];
  await importListings(store, resoItems(kc), { mls: 'NWMLS', ctx });
  await importListings(store, resoItems(sac), { mls: 'METROLIST', ctx, batchSize: 300 });
  await importListings(store, resoItems(gen), { mls: 'DEMO', ctx });

  const changed = (r: ResoRecord, i: number, pass: number): ResoRecord | null => {
    const at = `2024-06-0${2 + pass}T00:00:00Z`;
    const list = r.ListPrice ?? 100_000;
    switch ((i * 7 + pass) % 9) {
      case 0:
        return { ...r, ListPrice: Math.round(list * 0.9), ModificationTimestamp: at };
      case 1:
        return { ...r, ListPrice: Math.round(list * 1.05), ModificationTimestamp: at };
      case 2:
        return pass === 1
          ? { ...r, ListPrice: Math.round(list * 0.8), ModificationTimestamp: at }
          : { ...r, ListPrice: Math.round(list * 1.1), ModificationTimestamp: at };
      case 3:
        return { ...r, StandardStatus: 'Pending', ModificationTimestamp: at };
      case 4:
        return { ...r, StandardStatus: 'Closed', ClosePrice: Math.round(list * 0.97), CloseDate: `2024-06-0${2 + pass}`, ModificationTimestamp: at };
      case 5:
        return pass === 1 ? { ...r, StandardStatus: 'Delete' as never, ModificationTimestamp: at } : r;
      case 6:
        return { ...r, City: 'Sacramento', BedroomsTotal: null, ModificationTimestamp: at };
      case 7:
        return { ...r, ListPrice: list, WaterfrontYN: true, ModificationTimestamp: at };
      default:
        return null;
    }
  };
  for (const pass of [1, 2]) {
    const picked = [...sac, ...gen].flatMap((r, i) => (i % 5 === pass ? [changed(r, i, pass)].filter((x): x is ResoRecord => x !== null) : []));
    const bySource = (prefix: string) => picked.filter((r) => r.ListingKey.startsWith(prefix));
    await importListings(store, resoItems(bySource('SAC')), { mls: 'METROLIST', ctx, batchSize: 97 });
    await importListings(store, resoItems(bySource('GEN')), { mls: 'DEMO', ctx, batchSize: 250 });
  }
  const withOpenHouses = [...sac, ...gen].filter((_, i) => i % 10 === 3);
  for (const feed of openHouseFeeds(withOpenHouses)) {
    await importListings(store, resoItems(feed.filter((r) => r.ListingKey.startsWith('SAC'))), { mls: 'METROLIST', ctx, batchSize: 113 });
    await importListings(store, resoItems(feed.filter((r) => r.ListingKey.startsWith('GEN'))), { mls: 'DEMO', ctx, batchSize: 250 });
  }
  // Open houses that took place since they were added, public and broker ones.
  for (const [i, r] of withOpenHouses.entries()) {
    if (i % 3 === 2) continue;
    const day = `2024-06-${10 + (i % 7)}`;
    await addOpenHouseAt(store, `${r.ListingKey.startsWith('SAC') ? 'METROLIST' : 'DEMO'}-${r.ListingKey}`, new Date('2024-06-01T00:00:00Z'), {
      OpenHouseKey: 'PAST',
      OpenHouseStartTime: `${day}T13:00:00-07:00`,
      OpenHouseEndTime: `${day}T15:00:00-07:00`,
      OpenHouseType: i % 5 === 0 ? 'Broker' : 'Public',
    });
  }
  // A few feed records with nothing but the required fields, and one that is wrong.
  await importListings(
    store,
    items([
      { ListingKey: 'BARE-1', StandardStatus: 'Active', ListPrice: 250_000, Latitude: 38.58, Longitude: -121.49 },
      { ListingKey: 'BARE-2', StandardStatus: 'Closed', ClosePrice: 410_000, Latitude: 47.61, Longitude: -122.33, City: 'Seattle', PostalCode: '98101-2233' },
      {
        ListingKey: 'BARE-3',
        StandardStatus: 'Active',
        ListPrice: 180_000,
        Latitude: 38.58,
        Longitude: -121.49,
        City: ' SACRAMENTO ',
        CountyOrParish: 'Sacramento County',
      },
      { ListingKey: 'BARE-4', StandardStatus: 'Active', ListPrice: 'cheap', Latitude: 38.58, Longitude: -121.49 },
    ]),
    { mls: 'BARE', ctx },
  );
  await importListings(store, items(realWorldVariants(gen.slice(0, 600))), { mls: 'REAL', ctx, batchSize: 150 });
  // Every photo of some listings reported broken, one photo of others.
  for (const [i, r] of sac.slice(0, 40).entries()) {
    const photos = (await resoItems([r]).next()).value!.parse() as ResoRecord;
    const urls = (photos.Media ?? []).map((m) => m.MediaURL).slice(0, i % 2 === 0 ? undefined : 1);
    // By two clients each (one alone hides nothing); a third listing's photos by one client only.
    for (const url of urls) {
      for (const client of i % 3 === 2 ? ['a'] : ['a', 'b']) {
        await handleCommand(
          store,
          listingStream(`METROLIST-${r.ListingKey}`),
          reportBrokenPhotoDecider,
          { pdid: `METROLIST-${r.ListingKey}`, url, client },
          ctx,
        ).catch(() => undefined);
      }
    }
  }
}

/**
 * Records as real feeds send them (issue 14), from generated listings: without coordinates (at
 * the zip's centre), without coordinates or zip (unmappable), leases (Active and Closed), Active
 * Under Contract by lookup name, not to be shown publicly, the address not to be shown, an
 * OriginalListPrice above the price; strings for numbers and Y/N flags here and there.
 */
function realWorldVariants(records: readonly ResoRecord[]): unknown[] {
  return records.map((r, i) => {
    const base: Record<string, unknown> = { ...r, ListingKey: `R${i}-${r.ListingKey}`, ListPrice: i % 3 === 0 ? String(r.ListPrice) : r.ListPrice };
    const list = r.ListPrice ?? 300_000;
    switch (i % 8) {
      case 0:
        return { ...base, Latitude: null, Longitude: null };
      case 1:
        return { ...base, Latitude: undefined, Longitude: undefined, PostalCode: null };
      case 2:
        return {
          ...base,
          PropertyType: 'ResidentialLease',
          ListPrice: Math.round(list / 200),
          StandardStatus: i % 16 === 2 ? 'Closed' : 'Active',
          ClosePrice: Math.round(list / 210),
          CloseDate: r.ListingContractDate,
        };
      case 3:
        return { ...base, StandardStatus: 'ActiveUnderContract', WaterfrontYN: 'Y' };
      case 4:
        return { ...base, InternetEntireListingDisplayYN: 'N' };
      case 5:
        return { ...base, InternetAddressDisplayYN: false, OriginalListPrice: Math.round(list * 1.1) };
      case 6:
        return {
          ...base,
          PropertyType: 'Commercial Lease',
          ListPrice: Math.round(list / 100),
          Latitude: String(r.Latitude),
          PostalCode: i % 5 === 0 ? null : r.PostalCode,
        };
      default:
        return { ...base, OriginalListPrice: String(list), PreviousListPrice: Math.round(list * 1.05) };
    }
  });
}

/**
 * Two feeds of open houses far ahead (2099) for listings the price passes leave alone: public
 * and broker ones at several offsets; the second feed cancels some (spelt Canceled), makes some
 * public and others broker opens.
 */
function openHouseFeeds(records: readonly ResoRecord[]): ResoRecord[][] {
  const offsets = ['-08:00', '-05:00', 'Z', '+05:30'];
  const at = (day: string, hour: number, offset: string) => `${day}T${String(hour).padStart(2, '0')}:00:00${offset}`;
  const oh = (key: string, day: string, type: 'Public' | 'Broker', offset: string, extra: Partial<ResoOpenHouse> = {}): ResoOpenHouse => ({
    OpenHouseKey: key,
    OpenHouseStartTime: at(day, 13, offset),
    OpenHouseEndTime: at(day, 15, offset),
    OpenHouseType: type,
    ...extra,
  });
  const feed = (pass: 1 | 2) =>
    records.map((r, i) => {
      const o = offsets[i % offsets.length]!;
      const ahead = (type: 'Public' | 'Broker', extra: Partial<ResoOpenHouse> = {}) => oh('AHEAD', '2099-11-28', type, o, extra);
      const variants: ResoOpenHouse[][] = [
        [ahead('Public')],
        [],
        [ahead('Broker')],
        [pass === 1 ? ahead('Public') : ahead('Public', { OpenHouseStatus: 'Canceled' as never })],
        [ahead(pass === 1 ? 'Broker' : 'Public')],
        [ahead(pass === 1 ? 'Public' : 'Broker')],
        [ahead('Public'), oh('NEXT', '2099-12-05', 'Broker', o)],
      ];
      return { ...r, OpenHouse: variants[i % variants.length]!, ModificationTimestamp: `2024-06-0${4 + pass}T00:00:00Z` };
    });
  return [feed(1), feed(2)];
}

/** Every listed listing as its events make it, with the list prices it had (and named as original or previous) since it was listed. */
export async function referenceListings(store: EventStore): Promise<ReferenceListing[]> {
  const byStream = new Map<string, StoredEvent[]>();
  let from = { transactionId: 0n, globalPosition: 0n };
  for (;;) {
    const page = await store.readAll(from, { types: listingEventTypes, limit: 5000 });
    for (const e of page.events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
    from = page.next;
    if (page.atEnd) break;
  }
  const out: ReferenceListing[] = [];
  for (const events of byStream.values()) {
    let state: Listing = initialListing();
    let prices: number[] = [];
    for (const s of events) {
      const e = s as unknown as ListingEvent;
      state = evolveListing(state, e);
      const named = (r: { ListPrice?: number | null; OriginalListPrice?: number | null; PreviousListPrice?: number | null }) =>
        [r.ListPrice, r.OriginalListPrice, r.PreviousListPrice].filter((p): p is number => typeof p === 'number');
      if (e.type === 'ListingListed') prices = named(e.data.listing);
      if (e.type === 'ListingPriceChanged' && e.data.ListPrice !== null) prices.push(e.data.ListPrice);
      if (e.type === 'ListingDetailsChanged')
        prices.push(...named({ OriginalListPrice: e.data.changes.OriginalListPrice, PreviousListPrice: e.data.changes.PreviousListPrice }));
    }
    if (state.listed) out.push({ pdid: state.pdid, record: state.record, listPrices: prices, openHouses: state.openHouses });
  }
  return out;
}
