import { describe, expect, it } from 'vitest';
import type { ListingEvent, ListingRecord, OpenHouse } from '../../../src/modules/listings';
import type { StoredEvent } from '../../../src/shared/event';
import { deriveSearchFields, type SearchDoc } from '../search-document';
import { evolveDoc } from './search-listings.projection';

const record = {
  ListingKey: 'K1',
  StandardStatus: 'Active',
  ListPrice: 500_000,
  Latitude: 47.6,
  Longitude: -122.3,
  photos: [],
  ModificationTimestamp: '2026-11-01T00:00:00Z',
} as unknown as ListingRecord;
const oh = (key: string, day: string, type: OpenHouse['OpenHouseType'] = 'Public', offset = '-08:00'): OpenHouse => ({
  OpenHouseKey: key,
  OpenHouseStartTime: `${day}T13:00:00${offset}`,
  OpenHouseEndTime: `${day}T15:00:00${offset}`,
  OpenHouseType: type,
  OpenHouseRemarks: 'Cookies',
});
const stored = (e: ListingEvent, at: string) => ({ ...e, metadata: { at } }) as unknown as StoredEvent;
const fold = (events: [ListingEvent, string][]) => events.reduce<SearchDoc | undefined>((doc, [e, at]) => evolveDoc(doc, stored(e, at)), undefined);
const listed: ListingEvent = { type: 'ListingListed', data: { pdid: 'T-K1', mls: 'T', listing: record } };
const added = (o: OpenHouse, ModificationTimestamp: string | null = null): ListingEvent => ({
  type: 'ListingOpenHouseAdded',
  data: { pdid: 'T-K1', openHouse: o, listingStatus: 'Active', ModificationTimestamp },
});
const changed = (o: OpenHouse, previous: OpenHouse): ListingEvent => ({
  type: 'ListingOpenHouseChanged',
  data: { pdid: 'T-K1', openHouse: o, previous, listingStatus: 'Active', ModificationTimestamp: null },
});
const cancelled = (key: string): ListingEvent => ({
  type: 'ListingOpenHouseCancelled',
  data: { pdid: 'T-K1', OpenHouseKey: key, ModificationTimestamp: null },
});
const AT = '2026-11-20T12:00:00Z';

describe('the search document folds open houses', () => {
  it('keeps the public ones, without remarks, until the end of their local day; that is what openhouse=1 compares with', () => {
    const doc = fold([
      [listed, AT],
      [added(oh('SAT', '2026-11-28')), AT],
      [added(oh('BRK', '2026-12-05', 'Broker')), AT],
      [added(oh('SUN', '2026-11-29', 'Public', '-05:00')), AT],
    ])!;
    expect(doc.openHouses.map((o) => [o.OpenHouseKey, o.OpenHouseRemarks])).toEqual([
      ['SAT', null],
      ['SUN', null],
    ]);
    // Sunday's day ends at 05:00 UTC on the 30th, after Saturday's (08:00 UTC on the 29th).
    expect(deriveSearchFields(doc).openHouseUntil).toBe('2026-11-30T05:00:00.000Z');
  });

  it('follows a change of type or time and a cancellation', () => {
    const sat = oh('SAT', '2026-11-28');
    const base: [ListingEvent, string][] = [
      [listed, AT],
      [added(sat), AT],
    ];
    expect(deriveSearchFields(fold([...base, [changed({ ...sat, OpenHouseType: 'Broker' }, sat), AT]])!).openHouseUntil).toBeNull();
    expect(deriveSearchFields(fold([...base, [changed(oh('SAT', '2026-12-12'), sat), AT]])!).openHouseUntil).toBe('2026-12-13T08:00:00.000Z');
    expect(deriveSearchFields(fold([...base, [cancelled('SAT'), AT]])!).openHouseUntil).toBeNull();
    const broker = oh('BRK', '2026-12-05', 'Broker');
    expect(
      deriveSearchFields(
        fold([
          [listed, AT],
          [added(broker), AT],
          [changed({ ...broker, OpenHouseType: 'Public' }, broker), AT],
        ])!,
      ).openHouseUntil,
    ).toBe('2026-12-06T08:00:00.000Z');
  });

  it("drops those whose day ended before a later event, and takes the open house change's feed timestamp", () => {
    const doc = fold([
      [listed, AT],
      [added(oh('SAT', '2026-11-28')), AT],
      [added(oh('DEC', '2026-12-05'), '2026-11-25T00:00:00Z'), '2026-11-29T08:00:00Z'],
    ])!;
    expect(doc.openHouses.map((o) => o.OpenHouseKey)).toEqual(['DEC']);
    expect(doc.record.ModificationTimestamp).toBe('2026-11-25T00:00:00Z');
  });
});
