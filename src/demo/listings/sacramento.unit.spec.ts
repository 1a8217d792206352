import { beforeAll, describe, expect, it } from 'vitest';
import { SACRAMENTO_CSV } from '../demo-files';
import type { ResoRecord } from '../../modules/listings/reso-record';
import { readSacramentoListings } from './sacramento';

describe('Sacramento listings', () => {
  let records: ResoRecord[];
  const byKey = (key: string) => records.find((record) => record.ListingKey === key);

  beforeAll(async () => {
    records = [];
    for await (const record of readSacramentoListings(SACRAMENTO_CSV)) records.push(record);
  }, 30_000);

  it('maps every row of the file', () => {
    expect(records).toHaveLength(985);
  });

  it('maps the first row exactly', () => {
    expect(records[0]).toEqual({
      ListingKey: 'SAC-0001',
      ListingId: 'SAC-0001',
      StandardStatus: 'Active',
      ListPrice: 59222,
      ListingContractDate: '2008-05-21',
      ModificationTimestamp: '2008-05-21T04:00:00.000Z',
      Latitude: 38.631913,
      Longitude: -121.434879,
      UnparsedAddress: '3526 High St',
      City: 'Sacramento',
      StateOrProvince: 'CA',
      PostalCode: '95838',
      CountyOrParish: 'Sacramento',
      BedroomsTotal: 2,
      BathroomsTotalInteger: 1,
      LivingArea: 836,
      PropertyType: 'Residential',
      PropertySubType: 'Single Family Residence',
    });
  });

  it('treats zero counts and sizes as unknown', () => {
    // Line 75: 17 SERASPI CT, 0 bedrooms, 0 bathrooms, 0 sq ft.
    expect(byKey('SAC-0074')).toMatchObject({
      UnparsedAddress: '17 Seraspi Ct',
      BedroomsTotal: null,
      BathroomsTotalInteger: null,
      LivingArea: null,
    });
    // Line 134: a house with bedrooms but no recorded size.
    expect(byKey('SAC-0133')).toMatchObject({ BedroomsTotal: 3, BathroomsTotalInteger: 2, LivingArea: null });
    const zeros = records.filter((r) => r.BedroomsTotal === 0 || r.BathroomsTotalInteger === 0 || r.LivingArea === 0);
    expect(zeros).toEqual([]);
  });

  it('maps the property types', () => {
    expect(byKey('SAC-0057')).toMatchObject({ PropertyType: 'Residential Income', PropertySubType: null, BedroomsTotal: 4 });
    // Line 759, typed "Unkown" in the file.
    expect(byKey('SAC-0758')).toMatchObject({
      UnparsedAddress: '6007 Marybelle Ln',
      City: 'Shingle Springs',
      CountyOrParish: 'El Dorado',
      PropertyType: null,
      PropertySubType: null,
    });
    const condos = records.filter((r) => r.PropertySubType === 'Condominium');
    expect(condos).toHaveLength(54);
    expect(condos.every((r) => r.PropertyType === 'Residential')).toBe(true);
  });

  it('title-cases cities and streets', () => {
    const cities = new Set(records.map((r) => r.City));
    expect(cities).toContain('El Dorado Hills');
    expect(cities).toContain('West Sacramento');
    const streets = records.map((r) => r.UnparsedAddress ?? '');
    expect(streets).toContain('2561 19th Ave');
    expect(streets).toContain('6001 McMahon Dr');
    expect(streets).toContain('11150 Trinity River Dr Unit 114');
  });

  it('finds the county of every zip in the four counties of the area', () => {
    const counties = new Set(records.map((r) => r.CountyOrParish));
    expect([...counties].sort()).toEqual(['El Dorado', 'Placer', 'Sacramento', 'Yolo']);
  });

  it('gives every row its own key, exact duplicate rows included', () => {
    expect(new Set(records.map((r) => r.ListingKey)).size).toBe(985);
    const copies = records.filter((r) => r.UnparsedAddress === '4734 14th Ave');
    expect(copies.map((r) => r.ListingKey)).toEqual(['SAC-0342', 'SAC-0343']);
  });
});
