import type { ListingRecord } from '../../src/modules/listings/listings.events';
import type { SearchDoc } from '../../projections/search/search-document';

/** A folded listing for the adapter's tests: an Active house in Seattle unless `extra` says otherwise. */
export function searchDoc(key: string, extra: Partial<ListingRecord> = {}, more: Partial<SearchDoc> = {}): SearchDoc {
  const record: ListingRecord = {
    ListingKey: key,
    StandardStatus: 'Active',
    ListPrice: 500_000,
    ClosePrice: null,
    CloseDate: null,
    ModificationTimestamp: '2026-11-01T00:00:00.000Z',
    photos: ['/p/1.jpg', '/p/2.jpg'],
    ListingId: `NW${key}`,
    UnparsedAddress: `${key} Pine St`,
    City: 'Seattle',
    StateOrProvince: 'WA',
    PostalCode: '98101-1234',
    CountyOrParish: 'King',
    Latitude: 47.61,
    Longitude: -122.33,
    locationApproximate: false,
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1500,
    PropertyType: 'Residential',
    PropertySubType: 'Condominium',
    ListingContractDate: '2026-10-01',
    PublicRemarks: null,
    WaterfrontYN: true,
    ViewYN: null,
    PoolPrivateYN: false,
    NewConstructionYN: null,
    OriginalListPrice: 550_000,
    PreviousListPrice: null,
    ListOfficeName: 'North Office',
    ListAgentFullName: 'Ann Agent',
    ListAgentMlsId: 'A1',
    ListOfficeMlsId: 'O1',
    InternetAddressDisplayYN: true,
    InternetEntireListingDisplayYN: true,
    ...extra,
  };
  return { pdid: `NW-${key}`, mls: 'NW', record, brokenPhotos: [], maxListPrice: 550_000, openHouses: [], ...more };
}
