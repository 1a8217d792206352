import { describe, expect, it } from 'vitest';
import type { ListingStatus, OpenHouse } from '../../listings';
import { changeOf, mergeChanges } from './alert-changes.queue';

const AT = Date.parse('2026-11-20T12:00:00Z');

describe('alert changes queue: what a listing change means', () => {
  it('turns listing events into changes worth an alert', () => {
    expect(
      changeOf({ type: 'ListingPriceChanged', data: { pdid: 'T-1', ListPrice: 475_000, previousListPrice: 500_000, ModificationTimestamp: null } }, AT),
    ).toEqual({ kind: 'price-reduced', detail: { from: 500_000, to: 475_000 } });
    expect(
      changeOf({ type: 'ListingPriceChanged', data: { pdid: 'T-1', ListPrice: 525_000, previousListPrice: 500_000, ModificationTimestamp: null } }, AT),
    ).toBeUndefined();
    const status = (StandardStatus: ListingStatus, previousStatus: ListingStatus) =>
      changeOf(
        { type: 'ListingStatusChanged', data: { pdid: 'T-1', StandardStatus, previousStatus, ClosePrice: null, CloseDate: null, ModificationTimestamp: null } },
        AT,
      )?.kind;
    expect([status('Active', 'Pending'), status('Pending', 'Active'), status('Closed', 'Pending'), status('Active', 'Active')]).toEqual([
      'back-on-market',
      'pending',
      'sold',
      undefined,
    ]);
    // Coming on the market for the first time is a new listing; back from off the market is not.
    expect([status('Active', 'Coming Soon'), status('Active', 'Incomplete'), status('Active', 'Withdrawn'), status('Active', 'Expired')]).toEqual([
      'new',
      'new',
      'back-on-market',
      'back-on-market',
    ]);
  });

  it('tells of photos only when one was added: removed or reordered photos are never new', () => {
    const photos = (list: string[], added?: number) =>
      changeOf(
        { type: 'ListingPhotosChanged', data: { pdid: 'T-1', photos: list, ...(added === undefined ? {} : { added }), ModificationTimestamp: null } },
        AT,
      );
    expect(photos(['/a.jpg', '/b.jpg'], 1)).toEqual({ kind: 'new-photos', detail: { photos: 1 } });
    expect(photos(['/a.jpg'], 0)).toBeUndefined();
    expect(photos([], 0)).toBeUndefined();
    // Events written before `added`: an emptied list is not news.
    expect(photos([])).toBeUndefined();
  });

  it('folds the changes of one record into one, the weightiest first', () => {
    const relisted = mergeChanges({ kind: 'price-reduced', detail: { from: 500_000, to: 475_000 } }, { kind: 'back-on-market', detail: {} });
    expect(relisted).toEqual({ kind: 'back-on-market', detail: { also: [{ kind: 'price-reduced', detail: { from: 500_000, to: 475_000 } }] } });
    expect(mergeChanges(relisted, { kind: 'new-photos', detail: { photos: 3 } })).toEqual({
      kind: 'back-on-market',
      detail: {
        also: [
          { kind: 'price-reduced', detail: { from: 500_000, to: 475_000 } },
          { kind: 'new-photos', detail: { photos: 3 } },
        ],
      },
    });
    expect(mergeChanges({ kind: 'new-photos', detail: { photos: 1 } }, { kind: 'new-photos', detail: { photos: 1 } })).toEqual({
      kind: 'new-photos',
      detail: { photos: 1 },
    });
  });

  it('tells of a public open house of an Active listing still to come, and of one that moved or became public', () => {
    const saturday: OpenHouse = {
      OpenHouseKey: 'OH1',
      OpenHouseStartTime: '2026-11-28T13:00:00-08:00',
      OpenHouseEndTime: '2026-11-28T15:00:00-08:00',
      OpenHouseType: 'Public',
      OpenHouseRemarks: null,
    };
    const added = (openHouse: OpenHouse, listingStatus: 'Active' | 'Pending' = 'Active', at = AT) =>
      changeOf({ type: 'ListingOpenHouseAdded', data: { pdid: 'T-1', openHouse, listingStatus, ModificationTimestamp: null } }, at);
    expect(added(saturday)).toEqual({ kind: 'open-house', detail: { start: '2026-11-28T13:00:00-08:00', end: '2026-11-28T15:00:00-08:00' } });
    expect(added({ ...saturday, OpenHouseType: 'Broker' })).toBeUndefined();
    expect(added(saturday, 'Pending')).toBeUndefined();
    expect(added(saturday, 'Active', Date.parse('2026-11-28T23:00:00Z'))).toBeUndefined();
    const changed = (openHouse: OpenHouse, previous: Partial<OpenHouse>) =>
      changeOf(
        {
          type: 'ListingOpenHouseChanged',
          data: { pdid: 'T-1', openHouse, previous: { ...saturday, ...previous }, listingStatus: 'Active', ModificationTimestamp: null },
        },
        AT,
      )?.kind;
    expect(changed(saturday, { OpenHouseStartTime: '2026-11-28T12:00:00-08:00' })).toBe('open-house');
    expect(changed(saturday, { OpenHouseType: 'Broker' })).toBe('open-house');
    expect(changed(saturday, { OpenHouseRemarks: 'Bring shoes' })).toBeUndefined();
    // A cancellation tells of what was public and still to come; older events without the open house tell nothing.
    const cancelled = (openHouse: OpenHouse | undefined, listingStatus: 'Active' | 'Pending' = 'Active') =>
      changeOf({ type: 'ListingOpenHouseCancelled', data: { pdid: 'T-1', OpenHouseKey: 'OH1', openHouse, listingStatus, ModificationTimestamp: null } }, AT);
    expect(cancelled(saturday)).toEqual({ kind: 'open-house-cancelled', detail: { start: '2026-11-28T13:00:00-08:00', end: '2026-11-28T15:00:00-08:00' } });
    expect([cancelled({ ...saturday, OpenHouseType: 'Broker' }), cancelled(saturday, 'Pending'), cancelled(undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
