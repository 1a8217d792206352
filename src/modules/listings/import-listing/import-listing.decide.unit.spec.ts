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
const when = (given: ListingEvent[], record: Record<string, unknown>) =>
  decideImportListing({ pdid: 'NW-K1', mls: 'NW', parsed: parsed(record) }, fold(importListingDecider, given));
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
      { type: 'ListingPriceChanged', data: { pdid: 'NW-K1', ListPrice: 450_000, previousListPrice: 500_000, ModificationTimestamp: '2024-05-02T00:00:00.000Z' } },
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
    expect(events).toEqual([{ type: 'ListingDetailsChanged', data: { pdid: 'NW-K1', changes: { ClosePrice: 495_000 }, ModificationTimestamp: '2024-05-01T10:00:00.000Z' } }]);
  });

  it('new photos are a photos change, in Order', () => {
    const events = when(listed(), { ...base, Media: [{ MediaURL: '/b.jpg', Order: 2 }, { MediaURL: '/a.jpg', Order: 1 }] });
    expect(events).toEqual([{ type: 'ListingPhotosChanged', data: { pdid: 'NW-K1', photos: ['/a.jpg', '/b.jpg'], ModificationTimestamp: '2024-05-01T10:00:00.000Z' } }]);
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
