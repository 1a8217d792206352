import { describe, expect, it } from 'vitest';
import { parseSearchRequest } from '../search-request';
import { filterOf, polygonFilter, quote, sortOf } from './meili-filter';

const NOW = Date.parse('2026-11-24T03:00:00Z');
const criteria = (raw: Record<string, string>) => parseSearchRequest(raw, 'list').criteria;
/** The filter's terms after the status group, which every search starts with. */
const terms = (raw: Record<string, string>, geoPolygon = true) => {
  const { filter, exact } = filterOf(criteria(raw), { now: NOW, geoPolygon });
  return { filter, exact };
};

describe('criteria of contract section 3 as a Meilisearch filter', () => {
  it('starts with the status group: for sale, sold, for rent, rented', () => {
    expect(terms({}).filter).toBe('grp = 1');
    expect(terms({ soldproperty: '1', city: 'Seattle' }).filter).toBe('grp = 2 AND city_key IN ["seattle"]');
    expect(terms({ forrent: '1' }).filter).toBe('grp = 3');
    expect(terms({ forrent: '1', soldproperty: '1', zip: '98101' }).filter).toBe('grp = 4 AND zip5 IN ["98101"]');
  });

  it('asks every keyword word as a value of words, each once', () => {
    expect(terms({ kw: '123 Main St', acl_kw: 'main' }).filter).toBe('grp = 1 AND words = "123" AND words = "main" AND words = "st"');
  });

  it('keeps city and acl_city (and zip and acl_zip5) as separate criteria that must both hold', () => {
    expect(terms({ city: 'Seattle,Bellevue', acl_city: 'Seattle' }).filter).toBe('grp = 1 AND city_key IN ["bellevue", "seattle"] AND city_key IN ["seattle"]');
    expect(terms({ zip: '98101,98102', acl_zip5: '98101' }).filter).toBe('grp = 1 AND zip5 IN ["98101", "98102"] AND zip5 IN ["98101"]');
  });

  it('compares county and MLS number by their normalised keys', () => {
    expect(terms({ acl_county: 'King County' }).filter).toBe('grp = 1 AND county_key = "king"');
    expect(terms({ mlsid: 'NW123,nw456' }).filter).toBe('grp = 1 AND mlsid_key IN ["nw123", "nw456"]');
  });

  it('writes inclusive bounds for price, beds, baths and size', () => {
    expect(terms({ minprice: '100000', maxprice: '250000.5', beds: '3', baths: '2', minsqft: '900', maxsqft: '2000' }).filter).toBe(
      'grp = 1 AND price >= 100000 AND price <= 250000.5 AND beds >= 3 AND baths >= 2 AND sqft >= 900 AND sqft <= 2000',
    );
  });

  it('asks any of the listing types, and each tag as true', () => {
    expect(terms({ listingtype: 'condo,land' }).filter).toBe('grp = 1 AND types IN ["condo", "land"]');
    expect(terms({ waterfront: '1', view: '1', pool: '1', newconstruction: '1', pricereduced: '1' }).filter).toBe(
      'grp = 1 AND waterfront = true AND view = true AND pool = true AND new_construction = true AND price_reduced = true',
    );
  });

  it('compares open houses with the time of the search', () => {
    expect(terms({ openhouse: '1' }).filter).toBe(`grp = 1 AND open_house_until > ${NOW}`);
  });

  it('filters a map box on the plain coordinates, inclusive on every side, exactly', () => {
    const { filter, exact } = terms({ minlat: '47.5', maxlat: '47.75', minlong: '-122.5', maxlong: '-122.25' });
    expect(filter).toBe('grp = 1 AND lat >= 47.5 AND lat <= 47.75 AND lng >= -122.5 AND lng <= -122.25');
    expect(exact).toEqual([]);
  });

  it('narrows a radius with a box and a slightly larger _geoRadius, and leaves the exact distance to the adapter', () => {
    const { filter, exact } = terms({ radius: '10', lat: '47.6', long: '-122.3' });
    expect(filter).toMatch(
      /^grp = 1 AND lat >= 47\.45\d* AND lat <= 47\.74\d* AND lng >= -122\.5\d* AND lng <= -122\.08\d* AND _geoRadius\(47\.6, -122\.3, 16265\)$/,
    );
    expect(exact).toEqual(['radius']);
  });

  it('asks _geoPolygon for each polygon (any of them) when the server has it', () => {
    const raw = { polygonmap: '47 -122, 47.5 -122, 47.5 -121.5:46 -120, 46.5 -120, 46.5 -119.5, 46 -120' };
    const { filter, exact } = terms(raw);
    expect(filter).toBe('grp = 1 AND (_geoPolygon([47, -122], [47.5, -122], [47.5, -121.5]) OR _geoPolygon([46, -120], [46.5, -120], [46.5, -119.5]))');
    expect(exact).toEqual([]);
  });

  it("falls back to each polygon's bounding box and an exact check in the adapter on servers without _geoPolygon", () => {
    const raw = { polygonmap: '47 -122, 47.5 -122, 47.5 -121.5:46 -120, 46.5 -120, 46.5 -119.5' };
    const { filter, exact } = terms(raw, false);
    expect(filter).toBe(
      'grp = 1 AND ((lat >= 47 AND lat <= 47.5 AND lng >= -122 AND lng <= -121.5) OR (lat >= 46 AND lat <= 46.5 AND lng >= -120 AND lng <= -119.5))',
    );
    expect(exact).toEqual(['polygons']);
  });

  it('quotes values so that no value can end the string or add a clause', () => {
    expect(quote('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    expect(terms({ city: 'Coeur d"Alene OR grp = 2' }).filter).toBe('grp = 1 AND city_key IN ["coeur d\\"alene or grp = 2"]');
  });

  it('writes numbers as the shortest text of the same double', () => {
    expect(
      polygonFilter([
        { lat: 1.3e-8, lng: 0.1 + 0.2 },
        { lat: -0, lng: 1 },
        { lat: 2, lng: 2 },
      ]),
    ).toBe('_geoPolygon([1.3e-8, 0.30000000000000004], [0, 1], [2, 2])');
  });
});

describe('sorts as Meilisearch sorts them', () => {
  it('sorts by never-null keys, then pdid; nearest by _geoPoint from the origin', () => {
    expect(sortOf('newest', undefined)).toEqual(['s_newest:desc', 's_pdid:asc']);
    expect(sortOf('price-asc', undefined)).toEqual(['s_price_asc:asc', 's_pdid:asc']);
    expect(sortOf('price-desc', undefined)).toEqual(['s_price_desc:desc', 's_pdid:asc']);
    expect(sortOf('beds-desc', undefined)).toEqual(['s_beds:desc', 's_pdid:asc']);
    expect(sortOf('sqft-desc', undefined)).toEqual(['s_sqft:desc', 's_pdid:asc']);
    expect(sortOf('nearest', { lat: 47.6, lng: -122.3 })).toEqual(['_geoPoint(47.6, -122.3):asc', 's_pdid:asc']);
    expect(() => sortOf('nearest', undefined)).toThrow('nearest needs an origin');
  });
});
