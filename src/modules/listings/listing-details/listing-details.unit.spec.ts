import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../shared/event';
import { parseResoRecord } from '../import-listings/parse-reso-record';
import type { ListingEvent } from '../listings.events';
import type { OpenHouse } from '../open-house';
import { listingDetails } from './listing-details';

const parsed = parseResoRecord({ ListingKey: 'K1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 2 });
if (!parsed.ok || parsed.kind !== 'listing') throw new Error('a valid record');
const openHouse = (key: string, day: number, type: OpenHouse['OpenHouseType'] = 'Public'): OpenHouse => ({
  OpenHouseKey: key,
  OpenHouseStartTime: `2026-11-${day}T13:00:00-08:00`,
  OpenHouseEndTime: `2026-11-${day}T15:00:00-08:00`,
  OpenHouseType: type,
  OpenHouseRemarks: null,
});
const stored = (events: ListingEvent[]) =>
  events.map((e, i) => ({ ...e, metadata: { at: '2026-11-01T00:00:00.000Z' }, streamPosition: BigInt(i) }) as unknown as StoredEvent);
const added = (o: OpenHouse): ListingEvent => ({
  type: 'ListingOpenHouseAdded',
  data: { pdid: 'T-K1', openHouse: o, listingStatus: 'Active', ModificationTimestamp: null },
});

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
    expect(at('2026-11-20T00:00:00Z')).toEqual([
      ['2026-11-21', 'Public'],
      ['2026-11-28', 'Broker'],
    ]);
    // 21 November, 2:30 PM in Seattle: under way, still shown; at 3 PM it is over.
    expect(at('2026-11-21T22:30:00Z')).toEqual([
      ['2026-11-21', 'Public'],
      ['2026-11-28', 'Broker'],
    ]);
    expect(at('2026-11-21T23:00:00Z')).toEqual([['2026-11-28', 'Broker']]);
    expect(at('2026-12-01T00:00:00Z')).toEqual([]);
  });
});

describe('listing details: issue 14', () => {
  const listedWith = (extra: Record<string, unknown>) => {
    const p = parseResoRecord({
      ListingKey: 'K1',
      StandardStatus: 'Active',
      ListPrice: 450_000,
      Latitude: 1,
      Longitude: 2,
      ListingContractDate: '2024-03-01',
      ModificationTimestamp: '2024-05-01T00:00:00Z',
      UnparsedAddress: '1 Main St',
      ...extra,
    });
    if (!p.ok || p.kind !== 'listing') throw new Error('a valid record');
    return stored([{ type: 'ListingListed', data: { pdid: 'T-K1', mls: 'T', listing: p.record } }]);
  };
  const NOW = Date.parse('2024-06-01T00:00:00Z');

  it("puts OriginalListPrice and PreviousListPrice into the history before the record's own price", () => {
    expect(listingDetails(listedWith({ OriginalListPrice: 500_000, PreviousListPrice: 475_000 }), NOW)?.history).toEqual([
      { at: '2024-03-01', event: 'Listed', price: 500_000, status: 'Active' },
      { at: '2024-05-01T00:00:00.000Z', event: 'Price Reduced', price: 475_000, previousPrice: 500_000, status: 'Active' },
      { at: '2024-05-01T00:00:00.000Z', event: 'Price Reduced', price: 450_000, previousPrice: 475_000, status: 'Active' },
    ]);
    expect(listingDetails(listedWith({ OriginalListPrice: 450_000 }), NOW)?.history).toEqual([
      { at: '2024-03-01', event: 'Listed', price: 450_000, status: 'Active' },
    ]);
  });

  it('carries the attribution and the approximate flag; hides a street address the MLS does not let be shown', () => {
    const d = listingDetails(
      listedWith({ ListOfficeName: 'North Office', ListAgentFirstName: 'Pat', ListAgentLastName: 'Lee', InternetAddressDisplayYN: 'N' }),
      NOW,
    )!;
    expect(d).toMatchObject({ listOfficeName: 'North Office', listAgentName: 'Pat Lee', address: null, locationApproximate: true, forRent: false });
    expect(listingDetails(listedWith({ PropertyType: 'ResidentialLease', ListPrice: 2100 }), NOW)).toMatchObject({
      forRent: true,
      priceShort: '$2k',
      price: 2100,
    });
  });

  it('is not there publicly when the MLS does not let the listing be shown at all', () => {
    expect(listingDetails(listedWith({ InternetEntireListingDisplayYN: false }), NOW)).toBeUndefined();
    expect(listingDetails(listedWith({ InternetEntireListingDisplayYN: true }), NOW)).toBeDefined();
  });
});
