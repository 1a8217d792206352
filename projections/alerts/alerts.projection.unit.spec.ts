import { describe, expect, it } from 'vitest';
import { parseSearchRequest } from '../../src/modules/listings';
import { placesOf, targetOf } from './alert-targets';
import { changeOf } from './alerts.projection';

const criteria = (raw: Record<string, string>) => parseSearchRequest(raw, 'list').criteria;

describe('alerts: what a listing change means and how searches are found', () => {
  it('turns listing events into changes worth an alert', () => {
    expect(changeOf({ type: 'ListingPriceChanged', data: { pdid: 'T-1', ListPrice: 475_000, previousListPrice: 500_000, ModificationTimestamp: null } })).toEqual({ kind: 'price-reduced', detail: { from: 500_000, to: 475_000 } });
    expect(changeOf({ type: 'ListingPriceChanged', data: { pdid: 'T-1', ListPrice: 525_000, previousListPrice: 500_000, ModificationTimestamp: null } })).toBeUndefined();
    const status = (StandardStatus: 'Active' | 'Pending' | 'Closed', previousStatus: 'Active' | 'Pending' | 'Closed') =>
      changeOf({ type: 'ListingStatusChanged', data: { pdid: 'T-1', StandardStatus, previousStatus, ClosePrice: null, CloseDate: null, ModificationTimestamp: null } })?.kind;
    expect([status('Active', 'Pending'), status('Pending', 'Active'), status('Closed', 'Pending'), status('Active', 'Active')]).toEqual(['back-on-market', 'pending', 'sold', undefined]);
  });

  it('finds a polygon search by its bounding box and a city search by its place key', () => {
    expect(targetOf(criteria({ polygonmap: '47.6 -122.4, 47.6 -122.3, 47.7 -122.3, 47.6 -122.4' }))).toEqual({ box: { minLat: 47.6, maxLat: 47.7, minLng: -122.4, maxLng: -122.3 }, places: [] });
    const city = targetOf(criteria({ acl_city: 'Kent' }));
    expect(city.box).toBeNull();
    expect(placesOf({ city: 'KENT', zip: '98032-1234', county: 'King', mlsid: null })).toEqual(expect.arrayContaining([...city.places, 'zip:98032']));
    expect(targetOf(criteria({ minprice: '100000' }))).toEqual({ box: null, places: [] });
  });
});
