import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { ListingEvent } from '../listings.events';
import { decideImportListing, importListingDecider } from './import-listing.decide';
import { parseResoRecord } from './parse-reso-record';

const base = {
  ListingKey: 'K1',
  StandardStatus: 'Active',
  ListPrice: 500_000,
  Latitude: 47.6,
  Longitude: -122.3,
  City: 'Seattle',
  BedroomsTotal: 3,
  ModificationTimestamp: '2024-05-01T10:00:00Z',
  Media: [{ MediaURL: 'https://img.example/1.jpg', Order: 1 }],
};

const parsed = (r: Record<string, unknown>) => {
  const p = parseResoRecord(r);
  if (!p.ok) throw new Error(p.error);
  return p;
};
const NOW = '2026-11-20T12:00:00.000Z';
const when = (given: ListingEvent[], record: Record<string, unknown>, now = NOW) =>
  decideImportListing({ pdid: 'NW-K1', mls: 'NW', parsed: parsed(record), now }, fold(importListingDecider, given));
const listed = () => when([], base);

describe('import a listing record (given events, when a record, then events)', () => {
  it('a new record lists the listing with every field', () => {
    const events = listed();
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('ListingListed');
    const e = events[0] as Extract<ListingEvent, { type: 'ListingListed' }>;
    expect(e.data.pdid).toBe('NW-K1');
    expect(e.data.listing.City).toBe('Seattle');
    expect(e.data.listing.photos).toEqual(['https://img.example/1.jpg']);
    expect(e.data.listing.PostalCode).toBeNull();
  });

  it('the same record again changes nothing', () => {
    expect(when(listed(), base)).toEqual([]);
  });

  it('a new timestamp alone changes nothing', () => {
    expect(when(listed(), { ...base, ModificationTimestamp: '2024-06-01T10:00:00Z' })).toEqual([]);
  });

  it('a price drop is its own event with the previous price', () => {
    expect(when(listed(), { ...base, ListPrice: 450_000, ModificationTimestamp: '2024-05-02T00:00:00Z' })).toEqual([
      {
        type: 'ListingPriceChanged',
        data: { pdid: 'NW-K1', ListPrice: 450_000, previousListPrice: 500_000, ModificationTimestamp: '2024-05-02T00:00:00.000Z' },
      },
    ]);
  });

  it('closing emits a status change with the close price and date, and only the details that changed', () => {
    const events = when(listed(), { ...base, StandardStatus: 'Closed', ClosePrice: 490_000, CloseDate: '2024-06-01', BedroomsTotal: 4 });
    expect(events.map((e) => e.type)).toEqual(['ListingStatusChanged', 'ListingDetailsChanged']);
    expect(events[0]!.data).toMatchObject({ StandardStatus: 'Closed', previousStatus: 'Active', ClosePrice: 490_000, CloseDate: '2024-06-01' });
    expect(events[1]!.data).toMatchObject({ changes: { BedroomsTotal: 4 } });
    expect(Object.keys((events[1]!.data as { changes: object }).changes)).toEqual(['BedroomsTotal']);
  });

  it('a corrected close price without a status change is a details change', () => {
    const closed = [...listed(), ...when(listed(), { ...base, StandardStatus: 'Closed', ClosePrice: 490_000, CloseDate: '2024-06-01' })];
    const events = when(closed, { ...base, StandardStatus: 'Closed', ClosePrice: 495_000, CloseDate: '2024-06-01' });
    expect(events).toEqual([
      { type: 'ListingDetailsChanged', data: { pdid: 'NW-K1', changes: { ClosePrice: 495_000 }, ModificationTimestamp: '2024-05-01T10:00:00.000Z' } },
    ]);
  });

  it('new photos are a photos change, in Order', () => {
    const events = when(listed(), {
      ...base,
      Media: [
        { MediaURL: '/b.jpg', Order: 2 },
        { MediaURL: '/a.jpg', Order: 1 },
      ],
    });
    expect(events).toEqual([
      { type: 'ListingPhotosChanged', data: { pdid: 'NW-K1', photos: ['/a.jpg', '/b.jpg'], added: 2, ModificationTimestamp: '2024-05-01T10:00:00.000Z' } },
    ]);
  });

  it('a record without Media (absent or null) leaves the photos as they are; an empty list removes them', () => {
    const { Media: _, ...withoutMedia } = base;
    const later = { ...withoutMedia, ListPrice: 480_000, ModificationTimestamp: '2024-05-03T00:00:00Z' };
    expect(when(listed(), later).map((e) => e.type)).toEqual(['ListingPriceChanged']);
    expect(when(listed(), { ...later, Media: null }).map((e) => e.type)).toEqual(['ListingPriceChanged']);
    const after = fold(importListingDecider, [...listed(), ...when(listed(), later)]);
    expect(after.listed && after.record.photos).toEqual(['https://img.example/1.jpg']);
    expect(when(listed(), { ...base, Media: [] })).toEqual([
      { type: 'ListingPhotosChanged', data: { pdid: 'NW-K1', photos: [], added: 0, ModificationTimestamp: '2024-05-01T10:00:00.000Z' } },
    ]);
  });

  it('a record older than the last change is stale and changes nothing', () => {
    expect(when(listed(), { ...base, ListPrice: 1, ModificationTimestamp: '2024-04-01T00:00:00Z' })).toEqual([]);
  });

  it('Delete removes a listed listing, and a later record lists it again', () => {
    const removed = when(listed(), { ListingKey: 'K1', StandardStatus: 'Delete' });
    expect(removed.map((e) => e.type)).toEqual(['ListingRemoved']);
    expect(when([...listed(), ...removed], { ListingKey: 'K1', StandardStatus: 'Delete' })).toEqual([]);
    expect(when([...listed(), ...removed], base).map((e) => e.type)).toEqual(['ListingListed']);
    expect(when([], { ListingKey: 'K1', StandardStatus: 'Delete' })).toEqual([]);
  });

  it('broken-photo reports survive a re-import but not the photo leaving the listing', () => {
    const given: ListingEvent[] = [...listed(), { type: 'ListingPhotoReportedBroken', data: { pdid: 'NW-K1', url: 'https://img.example/1.jpg' } }];
    const state = fold(importListingDecider, given);
    expect(state.listed && state.brokenPhotos).toEqual(['https://img.example/1.jpg']);
    const after = fold(importListingDecider, [...given, ...when(given, { ...base, Media: [{ MediaURL: '/new.jpg', Order: 1 }] })]);
    expect(after.listed && after.brokenPhotos).toEqual([]);
  });
});

describe('open houses of a record (given events, when a record, then events)', () => {
  const saturday = {
    OpenHouseKey: 'OH1',
    OpenHouseStartTime: '2026-11-28T13:00:00-08:00',
    OpenHouseEndTime: '2026-11-28T15:00:00-08:00',
    OpenHouseType: 'Public',
    OpenHouseRemarks: 'Cookies',
  };
  const sunday = {
    OpenHouseKey: 'OH2',
    OpenHouseStartTime: '2026-11-29T11:00:00-08:00',
    OpenHouseEndTime: '2026-11-29T13:00:00-08:00',
    OpenHouseType: 'Public',
  };
  const withOpenHouses = (...o: object[]) => ({ ...base, OpenHouse: o });
  const stored = (o: Record<string, unknown>) => ({ OpenHouseRemarks: null, ...o });
  const types = (events: ListingEvent[]) => events.map((e) => e.type);
  const history = (...records: Record<string, unknown>[]) => records.reduce<ListingEvent[]>((given, r) => [...given, ...when(given, r)], []);

  it('a new listing with open houses is listed, then each upcoming one added with the listing status', () => {
    const events = when([], withOpenHouses(saturday, sunday));
    expect(types(events)).toEqual(['ListingListed', 'ListingOpenHouseAdded', 'ListingOpenHouseAdded']);
    expect(events[1]!.data).toEqual({ pdid: 'NW-K1', openHouse: stored(saturday), listingStatus: 'Active', ModificationTimestamp: '2024-05-01T10:00:00.000Z' });
    const state = fold(importListingDecider, events);
    expect(state.listed && state.openHouses).toEqual([stored(saturday), stored(sunday)]);
  });

  it('the same open houses again change nothing, in any order', () => {
    const given = history(withOpenHouses(saturday, sunday));
    expect(when(given, withOpenHouses(sunday, saturday))).toEqual([]);
  });

  it('a new key is added, a moved or re-described one changed (with how it was), leaving the others alone', () => {
    const given = history(withOpenHouses(saturday, sunday));
    const moved = { ...sunday, OpenHouseStartTime: '2026-11-29T12:00:00-08:00' };
    const third = { ...sunday, OpenHouseKey: 'OH3', OpenHouseStartTime: '2026-12-05T13:00:00-08:00', OpenHouseEndTime: '2026-12-05T16:00:00-08:00' };
    const events = when(given, withOpenHouses({ ...saturday, OpenHouseRemarks: 'Cookies and coffee' }, moved, third));
    expect(types(events)).toEqual(['ListingOpenHouseChanged', 'ListingOpenHouseChanged', 'ListingOpenHouseAdded']);
    expect(events[1]!.data).toMatchObject({ openHouse: stored(moved), previous: stored(sunday) });
  });

  it('a Cancelled key, or one gone from the record before it ended, is cancelled; once', () => {
    const given = history(withOpenHouses(saturday, sunday));
    const events = when(given, withOpenHouses({ ...saturday, OpenHouseStatus: 'Cancelled' }));
    expect(events).toEqual([
      {
        type: 'ListingOpenHouseCancelled',
        data: { pdid: 'NW-K1', OpenHouseKey: 'OH1', openHouse: stored(saturday), listingStatus: 'Active', ModificationTimestamp: '2024-05-01T10:00:00.000Z' },
      },
      {
        type: 'ListingOpenHouseCancelled',
        data: { pdid: 'NW-K1', OpenHouseKey: 'OH2', openHouse: stored(sunday), listingStatus: 'Active', ModificationTimestamp: '2024-05-01T10:00:00.000Z' },
      },
    ]);
    const after = [...given, ...events];
    expect(when(after, withOpenHouses({ ...saturday, OpenHouseStatus: 'Cancelled' }))).toEqual([]);
    expect(when(after, base)).toEqual([]);
    // Scheduled again after the cancellation: it is news again.
    expect(types(when(after, withOpenHouses(saturday)))).toEqual(['ListingOpenHouseAdded']);
    // Feeds that spell it Canceled cancel the same way.
    expect(when(given, withOpenHouses({ ...saturday, OpenHouseStatus: 'Canceled' }, sunday))).toEqual([events[0]]);
  });

  it('one that took place is neither cancelled when the feed drops it nor added when first seen', () => {
    const given = history(withOpenHouses(saturday));
    const later = '2026-12-01T00:00:00.000Z';
    expect(when(given, base, later)).toEqual([]);
    expect(when(given, withOpenHouses({ ...saturday, OpenHouseStatus: 'Ended' }), later)).toEqual([]);
    expect(when([], withOpenHouses(saturday), later).map((e) => e.type)).toEqual(['ListingListed']);
    expect(when(history(base), withOpenHouses({ ...sunday, OpenHouseStatus: 'Cancelled' }))).toEqual([]);
  });

  it('a stale record changes no open house, and the change moves the listing timestamp on', () => {
    const given = history(withOpenHouses(saturday));
    expect(when(given, { ...base, OpenHouse: [], ModificationTimestamp: '2024-04-01T00:00:00Z' })).toEqual([]);
    const newer = { ...withOpenHouses(saturday, sunday), ModificationTimestamp: '2024-06-01T00:00:00Z' };
    const added = when(given, newer);
    expect(types(added)).toEqual(['ListingOpenHouseAdded']);
    const state = fold(importListingDecider, [...given, ...added]);
    expect(state.listed && state.record.ModificationTimestamp).toBe('2024-06-01T00:00:00.000Z');
    expect(when([...given, ...added], { ...withOpenHouses(saturday), ModificationTimestamp: '2024-05-15T00:00:00Z' })).toEqual([]);
  });
});

describe('records of issue 14 against listings stored before it (events are never rewritten)', () => {
  /** A ListingListed as stored before issue 14: its record lacks the fields added since. */
  const storedBefore = (): ListingEvent => {
    const listing = { ...(listed()[0] as Extract<ListingEvent, { type: 'ListingListed' }>).data.listing } as Record<string, unknown>;
    for (const f of [
      'locationApproximate',
      'OriginalListPrice',
      'PreviousListPrice',
      'ListOfficeName',
      'ListAgentFullName',
      'ListAgentMlsId',
      'ListOfficeMlsId',
      'InternetAddressDisplayYN',
      'InternetEntireListingDisplayYN',
    ])
      delete listing[f];
    return { type: 'ListingListed', data: { pdid: 'NW-K1', mls: 'NW', listing: listing as never } };
  };

  it('the same record again changes nothing: a field the old event lacks reads as unknown (null, or false for locationApproximate)', () => {
    expect(when([storedBefore()], base)).toEqual([]);
  });

  it('a record with the new fields tells only them, as details', () => {
    const events = when([storedBefore()], {
      ...base,
      ListOfficeName: 'North Office',
      OriginalListPrice: 525_000,
      ModificationTimestamp: '2024-05-02T10:00:00Z',
    });
    expect(events).toEqual([
      {
        type: 'ListingDetailsChanged',
        data: { pdid: 'NW-K1', changes: { ListOfficeName: 'North Office', OriginalListPrice: 525_000 }, ModificationTimestamp: '2024-05-02T10:00:00.000Z' },
      },
    ]);
  });

  it('an open house list the record could not give leaves the known ones alone', () => {
    const oh = { OpenHouseKey: 'A', OpenHouseStartTime: '2099-06-01T13:00:00-07:00', OpenHouseEndTime: '2099-06-01T15:00:00-07:00' };
    const given = [...listed(), ...when(listed(), { ...base, OpenHouse: [oh] })];
    expect(given.map((e) => e.type)).toEqual(['ListingListed', 'ListingOpenHouseAdded']);
    expect(when(given, { ...base, OpenHouse: [oh, { OpenHouseKey: 'B' }] })).toEqual([]);
    expect(when(given, { ...base, OpenHouse: [] }).map((e) => e.type)).toEqual(['ListingOpenHouseCancelled']);
  });

  it('MlgCanView false removes the listing', () => {
    expect(when(listed(), { ListingKey: 'K1', MlgCanView: false, ModificationTimestamp: '2024-05-02T00:00:00Z' })).toEqual([
      { type: 'ListingRemoved', data: { pdid: 'NW-K1', ModificationTimestamp: '2024-05-02T00:00:00.000Z' } },
    ]);
  });
});
