import { beforeAll, describe, expect, it } from 'vitest';
import { generateListings, type GenerateListingsOptions } from './generate-listings';
import { addDays } from './iso-date';
import { COUNTY_PRICE_FACTOR } from './price-model';
import type { ResoRecord } from '../../modules/listings/reso-record';
import { loadZipDirectory, type ZipDirectory } from '../../modules/listings/zip-directory';

const TODAY = '2025-11-21';

/** The contract's `listingtype` search categories (section 3), as the search will apply them. */
const LISTING_TYPE_CATEGORIES: Record<string, (r: ResoRecord) => boolean> = {
  singlefamily: (r) => r.PropertySubType === 'Single Family Residence',
  condo: (r) => r.PropertySubType === 'Condominium',
  townhouse: (r) => r.PropertySubType === 'Townhouse',
  multifamily: (r) => r.PropertyType === 'Residential Income' || ['Duplex', 'Triplex', 'Quadruplex'].includes(r.PropertySubType ?? ''),
  land: (r) => r.PropertyType === 'Land',
  mobile: (r) => ['Manufactured Home', 'Mobile Home'].includes(r.PropertySubType ?? ''),
  farm: (r) => r.PropertyType === 'Farm',
  commercial: (r) => ['Commercial Sale', 'Commercial Lease'].includes(r.PropertyType ?? ''),
};

const inBox = (r: ResoRecord, south: number, north: number, west: number, east: number) =>
  r.Latitude >= south && r.Latitude <= north && r.Longitude >= west && r.Longitude <= east;

describe('generateListings', () => {
  let zips: ZipDirectory;
  let records: ResoRecord[];
  const generate = (options: Partial<GenerateListingsOptions>) => [...generateListings({ seed: 42, count: 10_000, today: TODAY, zips, ...options })];

  beforeAll(async () => {
    zips = await loadZipDirectory();
    records = generate({});
  }, 30_000);

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generate({ count: 500 })).toEqual(records.slice(0, 500));
    const other = generate({ seed: 43, count: 500 });
    expect(other.map((r) => r.ListingKey)).toEqual(records.slice(0, 500).map((r) => r.ListingKey.replace('GEN42', 'GEN43')));
    const samePlace = other.filter((r, i) => r.Latitude === records[i]?.Latitude);
    expect(samePlace).toEqual([]);
  });

  it('numbers the keys by seed and position', () => {
    expect(records[0]?.ListingKey).toBe('GEN42-0');
    expect(records[9_999]?.ListingKey).toBe('GEN42-9999');
    expect(new Set(records.map((r) => r.ListingKey)).size).toBe(10_000);
  });

  it('streams lazily, without producing more than is taken', () => {
    const iterator = generateListings({ seed: 1, count: 1_000_000_000, today: TODAY, zips });
    expect(iterator.next().value?.ListingKey).toBe('GEN1-0');
    expect(generate({ count: 0 })).toEqual([]);
  });

  it('places every listing in the contiguous US, Alaska or Hawaii', () => {
    const outside = records.filter(
      (r) =>
        !inBox(r, 24.4, 49.4, -125, -66.9) && // contiguous states
        !inBox(r, 51.2, 71.5, -179.2, -129.9) && // Alaska
        !inBox(r, 18.9, 22.3, -160.3, -154.7), // Hawaii
    );
    expect(outside).toEqual([]);
  });

  it('uses the real city, county and state of a real zip, near its centre', () => {
    for (const record of records.slice(0, 1000)) {
      const zip = zips.get(record.PostalCode ?? '');
      expect(zip).toBeDefined();
      expect([record.City, record.CountyOrParish, record.StateOrProvince]).toEqual([zip?.city, zip?.county, zip?.state]);
      expect(Math.abs(record.Latitude - (zip?.latitude ?? 0))).toBeLessThan(0.02);
    }
  });

  it('draws zips in proportion to population', () => {
    const share = (state: string) => records.filter((r) => r.StateOrProvince === state).length / records.length;
    expect(share('CA')).toBeGreaterThan(0.1);
    expect(share('WY')).toBeLessThan(0.005);
  });

  it('has every listingtype category of the search', () => {
    for (const [category, matches] of Object.entries(LISTING_TYPE_CATEGORIES)) {
      expect(records.filter(matches).length, category).toBeGreaterThan(20);
    }
    const singleFamily = records.filter(LISTING_TYPE_CATEGORIES.singlefamily ?? (() => false)).length;
    expect(singleFamily / records.length).toBeGreaterThan(0.5);
  });

  it('gives homes 1 to 6 bedrooms and a size, and leaves them unknown for land and commercial', () => {
    for (const record of records) {
      const isBuilding = !['Land', 'Commercial Sale'].includes(record.PropertyType ?? '');
      if (isBuilding) {
        expect(record.BedroomsTotal).toBeGreaterThanOrEqual(1);
        expect(record.BedroomsTotal).toBeLessThanOrEqual(6);
        expect(record.BathroomsTotalInteger).toBeGreaterThanOrEqual(1);
        expect(record.LivingArea).toBeGreaterThan(200);
      } else {
        expect([record.BedroomsTotal, record.BathroomsTotalInteger, record.LivingArea]).toEqual([null, null, null]);
      }
    }
  });

  it('prices listings plausibly for the place', () => {
    const medianPrice = (state: string) => {
      const prices = records
        .filter((r) => r.StateOrProvince === state && r.PropertySubType === 'Single Family Residence')
        .map((r) => r.ListPrice ?? 0)
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] ?? 0;
    };
    expect(medianPrice('CA')).toBeGreaterThan(1.8 * medianPrice('OH'));
    expect(medianPrice('OH')).toBeGreaterThan(150_000);
    expect(medianPrice('CA')).toBeLessThan(1_200_000);
    expect(records.every((r) => (r.ListPrice ?? 0) >= 5_000)).toBe(true);
  });

  it('sets the flags at realistic rates and writes a few remarks', () => {
    const rate = (pick: (r: ResoRecord) => boolean) => records.filter(pick).length / records.length;
    expect(rate((r) => r.WaterfrontYN === true)).toBeGreaterThan(0.01);
    expect(rate((r) => r.WaterfrontYN === true)).toBeLessThan(0.06);
    expect(rate((r) => r.ViewYN === true)).toBeGreaterThan(0.05);
    expect(rate((r) => r.PoolPrivateYN === true)).toBeGreaterThan(0.02);
    expect(rate((r) => r.NewConstructionYN === true)).toBeGreaterThan(0.03);
    expect(rate((r) => r.PublicRemarks !== null)).toBeGreaterThan(0.02);
    expect(rate((r) => r.PublicRemarks !== null)).toBeLessThan(0.1);
    expect(records.filter((r) => r.PropertyType === 'Land' && r.PoolPrivateYN)).toEqual([]);
  });

  it('dates every listing within the 120 days up to today', () => {
    const earliest = addDays(TODAY, -119);
    const dates = records.map((r) => r.ListingContractDate ?? '');
    expect(dates.filter((date) => date < earliest || date > TODAY)).toEqual([]);
    expect(new Set(dates).size).toBe(120);
    expect(records[0]?.ModificationTimestamp).toMatch(new RegExp(`^${records[0]?.ListingContractDate}T\\d{2}:\\d{2}:\\d{2}\\.000Z$`));
  });

  it('refuses a bad seed, count or date', () => {
    expect(() => generate({ count: -1 })).toThrow('count');
    expect(() => generate({ today: '2025-02-30' })).toThrow('2025-02-30');
    expect(() => generate({ seed: 1.5 })).toThrow('seed');
  });

  it('names only counties that exist in its price table', () => {
    const known = new Set(zips.places.map((zip) => `${zip.state}|${zip.county}`));
    expect([...COUNTY_PRICE_FACTOR.keys()].filter((key) => !known.has(key))).toEqual([]);
  });
});
