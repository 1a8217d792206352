import { describe, expect, it } from 'vitest';
import { type ListingRecord, upcastRecord } from './listing-record';

const current: ListingRecord = {
  ListingKey: 'K1',
  StandardStatus: 'Active',
  ListPrice: 500_000,
  ClosePrice: null,
  CloseDate: null,
  ModificationTimestamp: '2024-06-01T00:00:00.000Z',
  photos: [],
  ListingId: 'K1',
  UnparsedAddress: '1 Main St',
  City: 'Kent',
  StateOrProvince: 'WA',
  PostalCode: '98032',
  CountyOrParish: 'King',
  Latitude: 47.4,
  Longitude: -122.2,
  locationApproximate: false,
  BedroomsTotal: 3,
  BathroomsTotalInteger: 2,
  LivingArea: 1500,
  PropertyType: 'Residential',
  PropertySubType: null,
  ListingContractDate: '2024-05-01',
  PublicRemarks: null,
  WaterfrontYN: null,
  ViewYN: null,
  PoolPrivateYN: null,
  NewConstructionYN: null,
  OriginalListPrice: 520_000,
  PreviousListPrice: null,
  ListOfficeName: 'North Office',
  ListAgentFullName: null,
  ListAgentMlsId: 'A1',
  ListOfficeMlsId: null,
  InternetAddressDisplayYN: null,
  InternetEntireListingDisplayYN: false,
};

describe('upcastRecord', () => {
  it('gives a record stored before issue 14 the fields it lacks, with what their absence meant', () => {
    const {
      locationApproximate,
      OriginalListPrice,
      PreviousListPrice,
      ListOfficeName,
      ListAgentFullName,
      ListAgentMlsId,
      ListOfficeMlsId,
      InternetAddressDisplayYN,
      InternetEntireListingDisplayYN,
      ...old
    } = current;
    expect(upcastRecord(old as ListingRecord)).toEqual({
      ...old,
      locationApproximate: false,
      OriginalListPrice: null,
      PreviousListPrice: null,
      ListOfficeName: null,
      ListAgentFullName: null,
      ListAgentMlsId: null,
      ListOfficeMlsId: null,
      InternetAddressDisplayYN: null,
      InternetEntireListingDisplayYN: null,
    });
  });

  it('keeps a current record as it is (the same object: nothing to add, and records are never changed in place)', () => {
    expect(upcastRecord(current)).toBe(current);
  });
});
