import { beforeAll, describe, expect, it } from 'vitest';
import { KING_COUNTY_CSV } from '../demo-files';
import { addDays } from './iso-date';
import { kingCountyRecord, readKingCountySales, type KingCountyRow } from './king-county';
import type { ResoRecord } from '../../modules/listings/reso-record';
import { loadZipDirectory } from '../../modules/listings/zip-directory';

describe('King County sales', () => {
  let records: ResoRecord[];

  beforeAll(async () => {
    records = [];
    for await (const record of readKingCountySales(KING_COUNTY_CSV)) records.push(record);
  }, 30_000);

  // The data README says 21,613 (the size of the original Kaggle set); the committed copy of
  // the file has 21,597 data rows, and every one of them becomes a record.
  it('maps every row of the file', () => {
    expect(records).toHaveLength(21_597);
  });

  it('maps the first row exactly', () => {
    expect(records[0]).toEqual({
      ListingKey: '7129300520-20141013',
      ListingId: '7129300520-20141013',
      StandardStatus: 'Closed',
      ListPrice: 221900,
      ClosePrice: 221900,
      CloseDate: '2014-10-13',
      ListingContractDate: records[0]?.ListingContractDate,
      ModificationTimestamp: '2014-10-13T00:00:00.000Z',
      Latitude: 47.5112,
      Longitude: -122.257,
      UnparsedAddress: records[0]?.UnparsedAddress,
      City: 'Seattle',
      StateOrProvince: 'WA',
      PostalCode: '98178',
      CountyOrParish: 'King',
      BedroomsTotal: 3,
      BathroomsTotalInteger: 1,
      LivingArea: 1180,
      LotSizeSquareFeet: 5650,
      YearBuilt: 1955,
      PropertyType: 'Residential',
      PropertySubType: 'Single Family Residence',
      WaterfrontYN: null,
      ViewYN: false,
      NewConstructionYN: false,
      PublicRemarks: 'Built in 1955. 5,650 sq ft lot.',
    });
    expect(records[0]?.UnparsedAddress).toMatch(/^\d+ \S.* \S+$/);
  });

  it('maps a waterfront house with a view and a renovation', () => {
    const record = records.find((r) => r.ListingKey === '2524049179-20140826');
    expect(record).toMatchObject({
      ClosePrice: 2_000_000,
      City: 'Mercer Island',
      BathroomsTotalInteger: 2,
      WaterfrontYN: false,
      ViewYN: true,
      PublicRemarks: 'Built in 1968. 44,867 sq ft lot.',
    });
    const renovated = records.find((r) => r.ListingKey === '6414100192-20141209');
    expect(renovated?.PublicRemarks).toBe('Built in 1951, renovated in 1991. 7,242 sq ft lot.');
  });

  it('keeps one listing per sale of a parcel sold several times, at one address', () => {
    const sales = records.filter((r) => r.ListingKey.startsWith('795000620-'));
    expect(sales.map((r) => [r.ListingKey, r.ClosePrice])).toEqual([
      ['795000620-20140924', 115000],
      ['795000620-20141215', 124000],
      ['795000620-20150311', 157000],
    ]);
    expect(new Set(sales.map((r) => r.UnparsedAddress)).size).toBe(1);
  });

  it('puts every contract date 10 to 60 days before its close', () => {
    const outside = records.filter((record) => {
      const close = record.CloseDate ?? '';
      const contract = record.ListingContractDate ?? '';
      return contract > addDays(close, -10) || contract < addDays(close, -60);
    });
    expect(outside).toEqual([]);
  });

  it('gives the same contract date and address on every run', async () => {
    const again: ResoRecord[] = [];
    for await (const record of readKingCountySales(KING_COUNTY_CSV)) {
      again.push(record);
      if (again.length === 100) break;
    }
    expect(again).toEqual(records.slice(0, 100));
  });

  it('names the file position of a bad value', async () => {
    const zips = await loadZipDirectory();
    const row = { zipcode: '98178', date: '10/13/2014', price: 'n/a' } as KingCountyRow;
    expect(() => kingCountyRecord(row, zips, 'kc.csv:7')).toThrow('kc.csv:7: price is not a number: "n/a"');
    expect(() => kingCountyRecord({ ...row, date: '2/30/2015' }, zips, 'kc.csv:8')).toThrow('kc.csv:8');
  });
});
