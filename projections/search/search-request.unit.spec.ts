import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { CRITERIA_TOO_LONG, MAX_CRITERIA_CHARS, parseSearchRequest, SOLD_NEEDS_PLACE } from './search-request';

const parse = (raw: Record<string, unknown>) => parseSearchRequest(raw, 'list');
const message = (raw: Record<string, unknown>) => {
  try {
    parse(raw);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('validation');
    return (err as Error).message;
  }
};

describe('parseSearchRequest', () => {
  it('reads every criterion of contract section 3', () => {
    const { criteria: c } = parse({
      kw: 'Main St',
      acl_city: 'Seattle, bellevue',
      acl_county: 'King County',
      zip: '98101,98102',
      minprice: '100000',
      maxprice: '5e5',
      beds: '3',
      baths: '2',
      minsqft: '900',
      maxsqft: '3000',
      listingtype: 'condo,singlefamily',
      waterfront: '1',
      view: '0',
      pool: '1',
      newconstruction: '1',
      pricereduced: '1',
      openhouse: '1',
      polygonmap: '47 -122, 47.1 -122, 47.1 -122.1, 47 -122',
      radius: '5',
      lat: '47.6',
      long: '-122.3',
      minlat: '47',
      maxlat: '48',
      minlong: '-123',
      maxlong: '-122',
      sortby: 'nearest',
      page: '2',
      perpage: '50',
      type: 'list',
      reset: 'x',
      zoom: '9',
    });
    expect(c).toMatchObject({
      keywords: [['main', 'st']],
      cities: [['bellevue', 'seattle']],
      counties: ['king'],
      zips: [['98101', '98102']],
      minPrice: 100_000,
      maxPrice: 500_000,
      minBeds: 3,
      minBaths: 2,
      minSqft: 900,
      maxSqft: 3000,
      types: ['condo', 'singlefamily'],
      sold: false,
      waterfront: true,
      view: false,
      pool: true,
      newConstruction: true,
      priceReduced: true,
      openHouse: true,
      radius: { center: { lat: 47.6, lng: -122.3 }, miles: 5 },
      box: { minLat: 47, maxLat: 48, minLng: -123, maxLng: -122 },
      sort: 'nearest',
      origin: { lat: 47.6, lng: -122.3 },
    });
    expect(c.polygons).toEqual([
      [
        { lat: 47, lng: -122 },
        { lat: 47.1, lng: -122 },
        { lat: 47.1, lng: -122.1 },
      ],
    ]);
  });

  it('treats empty values as not given and takes numbers from a JSON body', () => {
    const r = parse({ kw: '', city: '  ', minprice: 250000, soldproperty: '0', waterfront: '' });
    expect(r.criteria.keywords).toEqual([]);
    expect(r.criteria.minPrice).toBe(250000);
    expect(r.searchQs).toBe('minprice=250000');
  });

  it('gives the same searchQs for the same criteria in any order', () => {
    const a = parse({ city: 'Seattle,Bellevue', beds: '3', listingtype: 'condo,townhouse', minprice: '100000.0', sortby: 'price-asc' });
    const b = parse({ sortby: 'price-asc', minprice: '100000', listingtype: 'townhouse, condo', beds: '03', city: 'Bellevue, Seattle' });
    expect(a.searchQs).toBe(b.searchQs);
    expect(a.searchQs).toBe('city=Bellevue,Seattle&minprice=100000&beds=3&listingtype=condo,townhouse&sortby=price-asc');
    const p1 = parse({ polygonmap: '1 1, 2 2, 3 1, 1 1:5 5, 6 6, 7 5, 5 5' });
    const p2 = parse({ polygonmap: '5 5, 6 6, 7 5, 5 5:1 1, 2 2, 3 1, 1 1' });
    expect(p1.searchQs).toBe(p2.searchQs);
  });

  it('titles the search', () => {
    expect(parse({ acl_city: 'Seattle' }).searchTitle).toBe('Homes for Sale in Seattle');
    expect(parse({ zip: '98103', soldproperty: '1' }).searchTitle).toBe('Sold Homes in 98103');
    expect(parse({ listingtype: 'condo', acl_county: 'King' }).searchTitle).toBe('Condos for Sale in King County');
    expect(parse({}).searchTitle).toBe('Homes for Sale');
  });

  it('answers every malformed criterion with a clear message', () => {
    expect(message({ soldproperty: '1' })).toBe(SOLD_NEEDS_PLACE);
    expect(message({ soldproperty: '1', acl_county: 'King' })).toBe(SOLD_NEEDS_PLACE);
    expect(message({ soldproperty: '1', acl_zip5: '98103' })).toBeUndefined();
    expect(message({ minprice: 'cheap' })).toBe('minprice must be a number');
    expect(message({ maxprice: '-5' })).toBe('maxprice must not be negative');
    expect(message({ beds: '3+' })).toBe('beds must be a number');
    expect(message({ lat: '91', long: '0' })).toBe('lat must be a number from -90 to 90');
    expect(message({ lat: '45' })).toBe('lat and long go together');
    expect(message({ radius: '5' })).toBe('radius needs lat and long');
    expect(message({ radius: '0', lat: '1', long: '1' })).toBe('radius must be a positive number of miles');
    expect(message({ minlat: '1' })).toBe('minlat, maxlat, minlong and maxlong go together');
    expect(message({ minlat: '2', maxlat: '1', minlong: '0', maxlong: '1' })).toBe('minlat must not be above maxlat');
    expect(message({ polygonmap: 'not a polygon' })).toMatch(/^polygonmap must be "lat lng" pairs/);
    expect(message({ polygonmap: '1 1, 2 2, 1 1' })).toBe('A polygon needs at least 3 distinct points');
    expect(message({ polygonmap: '1 1, 2 2, 2 2, 1 1' })).toBe('A polygon needs at least 3 distinct points');
    expect(message({ polygonmap: '100 1, 2 2, 3 3, 100 1' })).toMatch(/latitude from -90 to 90/);
    expect(message({ perpage: '0' })).toBe('perpage must be a whole number from 1');
    expect(message({ page: 'two' })).toBe('page must be a whole number from 1 to 1000000');
    expect(message({ listingtype: 'castle' })).toMatch(/^Unknown listingtype "castle"/);
    expect(message({ sortby: 'cheapest' })).toMatch(/^sortby must be one of/);
    expect(message({ sortby: 'nearest' })).toBe('sortby nearest needs lat and long, a map box or a polygon');
    expect(message({ waterfront: 'yes' })).toBe('waterfront must be 1 or 0');
    expect(message({ zip: '9810' })).toBe('zip must be 5-digit zip codes joined by commas');
    expect(message({ kw: '!!!' })).toBe('Please enter a search location');
    expect(message({ type: 'grid' })).toBe('type must be list, map or split');
    expect(message({ color: 'red' })).toBe('Unknown search field: color');
    expect(message({ city: ['a', 'b'] })).toBe('city is given more than once');
    expect(message({ city: { a: 1 } })).toBe('city must be a string');
  });

  describe('limits (contract section 7)', () => {
    /** A ring of n points around (lat, lng), written as the web app writes it: six decimals, the first point repeated. */
    const ring = (n: number, lat = 47.6, lng = -122.3, closed = true) => {
      const pts = Array.from(
        { length: n },
        (_, i) => `${(lat + 0.01 * Math.sin((2 * Math.PI * i) / n)).toFixed(6)} ${(lng + 0.01 * Math.cos((2 * Math.PI * i) / n)).toFixed(6)}`,
      );
      return (closed ? [...pts, pts[0]] : pts).join(', ');
    };
    const rings = (count: number, n: number) => Array.from({ length: count }, (_, i) => ring(n, 47 + i * 0.1)).join(':');

    it('takes ten polygons of 99 points, the most the web app draws', () => {
      const max = rings(10, 99);
      expect(max.length).toBeLessThan(MAX_CRITERIA_CHARS);
      expect(parse({ polygonmap: max, minlat: '40', maxlat: '50', minlong: '-125', maxlong: '-120', minprice: '100000' }).criteria.polygons).toHaveLength(10);
      expect(parse({ polygonmap: ring(99, 47.6, -122.3, false) }).criteria.polygons![0]).toHaveLength(99);
    });

    it('refuses a polygon of more than 99 points, closed or not, and more than 10 polygons', () => {
      expect(message({ polygonmap: ring(100) })).toBe('A polygon may have at most 99 points');
      expect(message({ polygonmap: ring(100, 47.6, -122.3, false) })).toBe('A polygon may have at most 99 points');
      expect(message({ polygonmap: `${ring(4)}:${ring(1000)}` })).toBe('A polygon may have at most 99 points');
      expect(message({ polygonmap: rings(11, 4) })).toBe('A search may have at most 10 polygons');
    });

    it('refuses criteria longer than 32,000 characters, whatever field carries them', () => {
      expect(CRITERIA_TOO_LONG).toBe('The search criteria are too long (at most 32,000 characters)');
      expect(message({ polygonmap: ring(99), kw: `Seattle ${'x'.repeat(MAX_CRITERIA_CHARS)}` })).toBe(CRITERIA_TOO_LONG);
      expect(message({ city: Array.from({ length: 4000 }, (_, i) => `Town${i}`).join(',') })).toBe(CRITERIA_TOO_LONG);
      // Checked before the polygons are read: a huge polygonmap costs no parsing.
      expect(message({ polygonmap: rings(20, 1000) })).toBe(CRITERIA_TOO_LONG);
    });
  });
});
