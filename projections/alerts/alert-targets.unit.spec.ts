import { describe, expect, it } from 'vitest';
import { parseSearchRequest } from '../../src/modules/listings';
import { placesOf, targetOf } from './alert-targets';

const criteria = (raw: Record<string, string>) => parseSearchRequest(raw, 'list').criteria;

describe('alerts: how searches are found', () => {
  it('finds a polygon search by its bounding box and a city search by its place key', () => {
    expect(targetOf(criteria({ polygonmap: '47.6 -122.4, 47.6 -122.3, 47.7 -122.3, 47.6 -122.4' }))).toEqual({
      box: { minLat: 47.6, maxLat: 47.7, minLng: -122.4, maxLng: -122.3 },
      places: [],
    });
    const city = targetOf(criteria({ acl_city: 'Kent' }));
    expect(city.box).toBeNull();
    expect(placesOf({ city: 'KENT', zip: '98032-1234', county: 'King', mlsid: null })).toEqual(expect.arrayContaining([...city.places, 'zip:98032']));
    expect(targetOf(criteria({ minprice: '100000' }))).toEqual({ box: null, places: [] });
  });
});
