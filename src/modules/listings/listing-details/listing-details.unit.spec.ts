import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../shared/event';
import { parseResoRecord } from '../import-listings/parse-reso-record';
import type { ListingEvent } from '../listings.events';
import type { OpenHouse } from '../open-house';
import { listingDetails } from './listing-details';

const parsed = parseResoRecord({ ListingKey: 'K1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 2 });
if (!parsed.ok || parsed.kind !== 'listing') throw new Error('a valid record');
const openHouse = (key: string, day: number, type: OpenHouse['OpenHouseType'] = 'Public'): OpenHouse => ({
  OpenHouseKey: key, OpenHouseStartTime: `2026-11-${day}T13:00:00-08:00`, OpenHouseEndTime: `2026-11-${day}T15:00:00-08:00`, OpenHouseType: type, OpenHouseRemarks: null,
});
const stored = (events: ListingEvent[]) =>
  events.map((e, i) => ({ ...e, metadata: { at: '2026-11-01T00:00:00.000Z' }, streamPosition: BigInt(i) }) as unknown as StoredEvent);
const added = (o: OpenHouse): ListingEvent => ({ type: 'ListingOpenHouseAdded', data: { pdid: 'T-K1', openHouse: o, listingStatus: 'Active', ModificationTimestamp: null } });

describe('listing details: open houses', () => {
  const events = stored([
    { type: 'ListingListed', data: { pdid: 'T-K1', mls: 'T', listing: parsed.record } },
    added(openHouse('C', 29)),
    added(openHouse('A', 21)),
    added(openHouse('B', 28, 'Broker')),
    { type: 'ListingOpenHouseCancelled', data: { pdid: 'T-K1', OpenHouseKey: 'C', ModificationTimestamp: null } },
  ]);

  it('shows the ones not yet over at the time of reading, soonest first, without the cancelled', () => {
    const at = (iso: string) => listingDetails(events, Date.parse(iso))?.openHouses.map((o) => [o.start.slice(0, 10), o.type]);
    expect(at('2026-11-20T00:00:00Z')).toEqual([['2026-11-21', 'Public'], ['2026-11-28', 'Broker']]);
    // 21 November, 2:30 PM in Seattle: under way, still shown; at 3 PM it is over.
    expect(at('2026-11-21T22:30:00Z')).toEqual([['2026-11-21', 'Public'], ['2026-11-28', 'Broker']]);
    expect(at('2026-11-21T23:00:00Z')).toEqual([['2026-11-28', 'Broker']]);
    expect(at('2026-12-01T00:00:00Z')).toEqual([]);
  });
});
