import { describe, expect, it } from 'vitest';
import { type ParseOptions, parseResoRecord } from './parse-reso-record';

const ok = { ListingKey: 'K-1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 2 };
const error = (r: unknown) => {
  const p = parseResoRecord(r);
  return p.ok ? undefined : p.error;
};
const listing = (extra: Record<string, unknown>, options?: ParseOptions) => {
  const p = parseResoRecord({ ...ok, ...extra }, options);
  if (!p.ok || p.kind !== 'listing') throw new Error(p.ok ? 'not a listing' : p.error);
  return p;
};
const record = (extra: Record<string, unknown>, options?: ParseOptions) => listing(extra, options).record;
const warnings = (extra: Record<string, unknown>) => listing(extra).warnings;

describe('parseResoRecord', () => {
  it('normalises a minimal record: every field present, blanks null, dates and timestamps', () => {
    const p = listing({ City: '  ', ListingContractDate: '2024-02-03T00:00:00Z', ModificationTimestamp: '2024-02-03T10:00:00-05:00', Extra: 'ignored' });
    expect(p.record).toMatchObject({
      City: null,
      ListingContractDate: '2024-02-03',
      ModificationTimestamp: '2024-02-03T15:00:00.000Z',
      ClosePrice: null,
      photos: [],
    });
    expect(p.record).toMatchObject({
      locationApproximate: false,
      OriginalListPrice: null,
      ListOfficeName: null,
      ListAgentFullName: null,
      InternetAddressDisplayYN: null,
    });
    expect('Extra' in p.record).toBe(false);
    expect(p.warnings).toEqual([]);
  });

  it('rejects only what cannot be a listing, naming the field', () => {
    expect(error(null)).toMatch(/JSON object/);
    expect(error([ok])).toMatch(/JSON object/);
    expect(error({ ...ok, ListingKey: '' })).toMatch(/^ListingKey/);
    expect(error({ ...ok, ListingKey: 'a/b' })).toMatch(/^ListingKey/);
    expect(error({ ...ok, StandardStatus: 'Sold' })).toBe('StandardStatus must be a RESO StandardStatus (got "Sold")');
    expect(error({ ...ok, StandardStatus: undefined })).toBe('StandardStatus is required');
    expect(error({ ...ok, StandardStatus: '' })).toBe('StandardStatus is required');
    expect(error({ ...ok, ListPrice: undefined })).toBe('ListPrice or ClosePrice is required');
    expect(error({ ...ok, ListPrice: 'cheap' })).toBe('ListPrice must be a number from 0 to 1000000000000 (got "cheap")');
    expect(error({ ...ok, ListPrice: -1 })).toMatch(/^ListPrice must be a number/);
    expect(error({ ...ok, ListPrice: undefined, ClosePrice: 'TBD' })).toMatch(/^ClosePrice must be a number/);
  });

  it('reads StandardStatus by display or lookup name, in any case; Cancelled as Canceled', () => {
    const status = (s: string) => record({ StandardStatus: s }).StandardStatus;
    expect(['ActiveUnderContract', 'active under contract', 'ACTIVE_UNDER_CONTRACT'].map(status)).toEqual(Array(3).fill('Active Under Contract'));
    expect(['ComingSoon', 'coming soon'].map(status)).toEqual(['Coming Soon', 'Coming Soon']);
    expect(['active', 'PENDING', 'closed', 'Cancelled', 'canceled', 'withdrawn', 'hold', 'expired', 'incomplete'].map(status)).toEqual([
      'Active',
      'Pending',
      'Closed',
      'Canceled',
      'Canceled',
      'Withdrawn',
      'Hold',
      'Expired',
      'Incomplete',
    ]);
  });

  it("reads PropertyType and PropertySubType by display or lookup name; an MLS's own value stays as it came", () => {
    expect(record({ PropertyType: 'ResidentialLease', PropertySubType: 'SingleFamilyResidence' })).toMatchObject({
      PropertyType: 'Residential Lease',
      PropertySubType: 'Single Family Residence',
    });
    expect(record({ PropertyType: 'commercial sale', PropertySubType: 'HotelMotel' })).toMatchObject({
      PropertyType: 'Commercial Sale',
      PropertySubType: 'Hotel/Motel',
    });
    expect(record({ PropertyType: 'Boat Dock', PropertySubType: ' Attached ' })).toMatchObject({ PropertyType: 'Boat Dock', PropertySubType: 'Attached' });
  });

  it('deletes on StandardStatus Delete, and on MlgCanView false whatever the status (MLS Grid)', () => {
    expect(parseResoRecord({ ListingKey: 'K', StandardStatus: 'Delete' })).toEqual({
      ok: true,
      kind: 'delete',
      ListingKey: 'K',
      ModificationTimestamp: null,
      warnings: [],
    });
    expect(parseResoRecord({ ListingKey: 'K', MlgCanView: false, ModificationTimestamp: '2024-01-02T03:04:05.123Z' })).toMatchObject({
      ok: true,
      kind: 'delete',
      ModificationTimestamp: '2024-01-02T03:04:05.123Z',
    });
    expect(parseResoRecord({ ...ok, MlgCanView: 'false' })).toMatchObject({ ok: true, kind: 'delete' });
    expect(parseResoRecord({ ...ok, MlgCanView: true })).toMatchObject({ ok: true, kind: 'listing' });
  });

  it('reads numbers from strings, and drops what is not a number with a warning', () => {
    expect(
      record({ ListPrice: '474800', BedroomsTotal: '3', LivingArea: '1,850', Latitude: '41.8781', Longitude: '-87.6298', ClosePrice: '$470,000.00' }),
    ).toMatchObject({
      ListPrice: 474_800,
      BedroomsTotal: 3,
      LivingArea: 1850,
      Latitude: 41.8781,
      Longitude: -87.6298,
      ClosePrice: 470_000,
    });
    const p = listing({ BedroomsTotal: 'three', ClosePrice: -5 });
    expect(p.record).toMatchObject({ BedroomsTotal: null, ClosePrice: null });
    expect(p.warnings).toEqual([
      'ClosePrice must be a number from 0 to 1000000000000 (got -5); dropped',
      'BedroomsTotal must be a number from 0 to 10000 (got "three"); dropped',
    ]);
    expect(record({ ListPrice: 'soon', ClosePrice: 410_000, StandardStatus: 'Closed' })).toMatchObject({ ListPrice: null, ClosePrice: 410_000 });
  });

  it('reads booleans from Y/N, Yes/No, true/false and 1/0 (strings too); anything else is dropped with a warning', () => {
    expect(record({ WaterfrontYN: 'Y', ViewYN: 'n', PoolPrivateYN: 'true', NewConstructionYN: 0 })).toMatchObject({
      WaterfrontYN: true,
      ViewYN: false,
      PoolPrivateYN: true,
      NewConstructionYN: false,
    });
    expect(record({ WaterfrontYN: 'Yes', ViewYN: 'FALSE', PoolPrivateYN: '1', NewConstructionYN: '' })).toMatchObject({
      WaterfrontYN: true,
      ViewYN: false,
      PoolPrivateYN: true,
      NewConstructionYN: null,
    });
    expect(warnings({ WaterfrontYN: 'Lake' })).toEqual(['WaterfrontYN must be true or false (got "Lake"); dropped']);
  });

  it('drops dates that are not dates (TBD) with a warning; the record stays', () => {
    const p = listing({ StandardStatus: 'Pending', CloseDate: 'TBD', ListingContractDate: '2024-02-30' });
    expect(p.record).toMatchObject({ StandardStatus: 'Pending', CloseDate: null, ListingContractDate: null });
    expect(p.warnings).toEqual(['CloseDate is not a date (got "TBD"); dropped', 'ListingContractDate is not a date (got "2024-02-30"); dropped']);
    expect(warnings({ ModificationTimestamp: 'yesterday' })).toEqual(['ModificationTimestamp is not an ISO 8601 timestamp (got "yesterday"); dropped']);
  });

  it("reads a timestamp without an offset in the feed's time zone (UTC by default), never the machine's", () => {
    const at = (t: string, options?: ParseOptions) => record({ ModificationTimestamp: t }, options).ModificationTimestamp;
    expect(at('2024-01-15T10:00:00')).toBe('2024-01-15T10:00:00.000Z');
    expect(at('2024-01-15T10:00:00', { timeZone: 'America/Chicago' })).toBe('2024-01-15T16:00:00.000Z');
    expect(at('2024-07-15 10:00:00.1234567', { timeZone: 'America/Chicago' })).toBe('2024-07-15T15:00:00.123Z');
    // An offset or Z always wins over the feed's zone.
    expect(at('2024-01-15T10:00:00Z', { timeZone: 'America/Chicago' })).toBe('2024-01-15T10:00:00.000Z');
    expect(at('2024-01-15T10:00:00-08:00', { timeZone: 'America/Chicago' })).toBe('2024-01-15T18:00:00.000Z');
  });

  it('keeps Media order when Order is a string, and leaves out what is not a photo', () => {
    const photos = record({
      Media: [
        { MediaURL: 'https://photos.example/b.jpg', Order: '2' },
        { MediaURL: 'https://photos.example/a.jpg', Order: '1' },
        { MediaURL: 'https://photos.example/tour.mp4', Order: '0', MediaCategory: 'Video' },
        { MediaURL: 'https://photos.example/gone.jpg', Order: 0, MlgCanView: false },
        { MediaURL: 'https://photos.example/c.jpg', Order: 10 },
      ],
    }).photos;
    expect(photos).toEqual(['https://photos.example/a.jpg', 'https://photos.example/b.jpg', 'https://photos.example/c.jpg']);
    const p = listing({ Media: [{ MediaURL: 'javascript:alert(1)', Order: 1 }, { MediaURL: '/demo-photos/1.svg' }] });
    expect(p.record.photos).toEqual(['/demo-photos/1.svg']);
    expect(p.warnings).toEqual(['Media[0].MediaURL must be an http(s) URL or a path on this site (got "javascript:alert(1)"); dropped']);
    expect(warnings({ Media: {} })).toEqual(['Media must be a list of {MediaURL, Order}; dropped']);
  });

  it('builds the address from the street parts when UnparsedAddress is missing', () => {
    expect(record({ StreetNumber: '1600', StreetDirPrefix: 'W', StreetName: 'Wrightwood', StreetSuffix: 'Ave', UnitNumber: '3B' }).UnparsedAddress).toBe(
      '1600 W Wrightwood Ave #3B',
    );
    expect(record({ StreetNumber: 221, StreetName: 'Baker', StreetSuffix: 'St', StreetDirSuffix: 'NW', UnitNumber: 'Apt 2' }).UnparsedAddress).toBe(
      '221 Baker St NW Apt 2',
    );
    expect(record({ StreetNumber: '5' }).UnparsedAddress).toBeNull();
    expect(record({ UnparsedAddress: '9 Given Rd', StreetNumber: '5', StreetName: 'Other' }).UnparsedAddress).toBe('9 Given Rd');
  });

  it('does not repeat the city, state and zip that UnparsedAddress already holds', () => {
    const place = { City: 'Austin', StateOrProvince: 'TX', PostalCode: '78701' };
    const address = (a: string, p: Record<string, unknown> = place) => record({ ...p, UnparsedAddress: a }).UnparsedAddress;
    expect(address('123 Main St, Austin, TX 78701')).toBe('123 Main St');
    expect(address('123 Main St Austin TX 78701-1234')).toBe('123 Main St');
    expect(address('123 Main St, AUSTIN, tx, USA')).toBe('123 Main St');
    expect(address('123 Main St #4, Austin')).toBe('123 Main St #4');
    expect(address('100 Kent, Kent, WA', { City: 'Kent', StateOrProvince: 'WA' })).toBe('100 Kent');
    // A street named like the city keeps its name when nothing after it is a place.
    expect(address('45 Main St Kent', { City: 'Kent' })).toBe('45 Main St Kent');
    // Nothing but the place: no street address.
    expect(address('Austin, TX')).toBeNull();
    expect(address('78701')).toBeNull();
  });

  it("keeps the seller suite's fields: baths from BathroomsTotalDecimal, the lot in square feet from any of RESO's lot fields, YearBuilt", () => {
    expect(record({ BathroomsTotalDecimal: 2.5, LotSizeSquareFeet: 5000, YearBuilt: '1990' })).toMatchObject({
      BathroomsTotalInteger: 3,
      LotSizeSquareFeet: 5000,
      YearBuilt: 1990,
    });
    // The integer, when given, is the feed's own count.
    expect(record({ BathroomsTotalInteger: 2, BathroomsTotalDecimal: 1.75 }).BathroomsTotalInteger).toBe(2);
    expect(record({ BathroomsTotalDecimal: 2 }).BathroomsTotalInteger).toBe(2);
    expect(record({ LotSizeAcres: 0.25 }).LotSizeSquareFeet).toBe(10_890);
    expect(record({ LotSizeSquareFeet: 4000, LotSizeAcres: 1, LotSizeArea: 2, LotSizeUnits: 'Acres' }).LotSizeSquareFeet).toBe(4000);
    expect(record({ LotSizeArea: 0.5, LotSizeUnits: 'Acres' }).LotSizeSquareFeet).toBe(21_780);
    expect(record({ LotSizeArea: 600, LotSizeUnits: 'Square Meters' }).LotSizeSquareFeet).toBe(6458);
    expect(record({ LotSizeArea: 7200, LotSizeUnits: 'SquareFeet' }).LotSizeSquareFeet).toBe(7200);
    expect(record({})).toMatchObject({ LotSizeSquareFeet: null, YearBuilt: null, BathroomsTotalInteger: null });
    expect(record({ LotSizeArea: 3 }).LotSizeSquareFeet).toBeNull();
    expect(warnings({ LotSizeArea: 3 })).toEqual(['LotSizeArea needs LotSizeUnits of Acres, Square Feet or Square Meters (got none); dropped']);
    expect(warnings({ YearBuilt: 'old' })).toEqual(['YearBuilt must be a number from 1000 to 2200 (got "old"); dropped']);
  });

  it('keeps OriginalListPrice and PreviousListPrice', () => {
    expect(record({ ListPrice: 450_000, OriginalListPrice: '499,000', PreviousListPrice: 475_000 })).toMatchObject({
      OriginalListPrice: 499_000,
      PreviousListPrice: 475_000,
    });
  });

  it('keeps the IDX attribution: office, agent (full name, or first and last), MLS ids, display flags', () => {
    expect(
      record({
        ListOfficeName: 'Baird & Warner',
        ListAgentFullName: 'Pat Lee',
        ListAgentMlsId: 'M123',
        ListOfficeMlsId: 'O9',
        InternetAddressDisplayYN: 'Y',
        InternetEntireListingDisplayYN: 'N',
      }),
    ).toMatchObject({
      ListOfficeName: 'Baird & Warner',
      ListAgentFullName: 'Pat Lee',
      ListAgentMlsId: 'M123',
      ListOfficeMlsId: 'O9',
      InternetAddressDisplayYN: true,
      InternetEntireListingDisplayYN: false,
    });
    expect(record({ ListAgentFirstName: 'Pat', ListAgentLastName: 'Lee' }).ListAgentFullName).toBe('Pat Lee');
    expect(record({ ListAgentLastName: 'Lee' }).ListAgentFullName).toBe('Lee');
  });

  it('leaves a listing without coordinates (or at 0, 0) unplaced and approximate, for the importer to place', () => {
    expect(record({ Latitude: undefined, Longitude: undefined })).toMatchObject({ Latitude: null, Longitude: null, locationApproximate: true });
    expect(record({ Latitude: 0, Longitude: 0 })).toMatchObject({ Latitude: null, Longitude: null, locationApproximate: true });
    expect(record({ Latitude: 91 })).toMatchObject({ Latitude: null, locationApproximate: true });
    // Bridge's GeoJSON-order Coordinates stand in for missing Latitude/Longitude.
    expect(record({ Latitude: null, Longitude: null, Coordinates: [-87.62, 41.88] })).toMatchObject({
      Latitude: 41.88,
      Longitude: -87.62,
      locationApproximate: false,
    });
  });

  it('does not keep the exact point of a listing whose address may not be shown', () => {
    expect(record({ InternetAddressDisplayYN: false, Latitude: 41.9, Longitude: -87.6 })).toMatchObject({
      Latitude: null,
      Longitude: null,
      locationApproximate: true,
      InternetAddressDisplayYN: false,
    });
  });

  it("ignores Rooms and an MLS's own fields, and takes text given as numbers", () => {
    expect(record({ Rooms: [{ RoomType: 'Kitchen', RoomLevel: 'Main' }], MRD_AGE: '51-60 Years', PostalCode: 60614, ListingId: 11223344 })).toMatchObject({
      PostalCode: '60614',
      ListingId: '11223344',
    });
    expect(parseResoRecord({ ...ok, ListingKey: 1234567 })).toMatchObject({ ok: true, record: { ListingKey: '1234567' } });
  });

  it('takes out text a JSON store cannot hold and cuts what is too long, with warnings', () => {
    const p = listing({ City: 'Spring\u0000field', PublicRemarks: 'x'.repeat(4100) });
    expect(p.record.City).toBe('Springfield');
    expect(p.record.PublicRemarks).toHaveLength(4000);
    expect(p.warnings).toEqual(['City held a NUL character or a broken surrogate pair; removed', 'PublicRemarks is longer than 4000 characters; cut']);
  });
});
