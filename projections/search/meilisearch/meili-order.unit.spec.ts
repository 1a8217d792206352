import { describe, expect, it } from 'vitest';
import { searchDoc } from '../../../tests/support/search-doc';
import { parseSearchRequest } from '../search-request';
import { compile, passes } from '../postgres/criteria-match';
import { meiliDocumentOf } from './meili-document';
import { filterOf } from './meili-filter';
import { comparatorOf } from './meili-order';

const doc = (key: string, extra: Parameters<typeof searchDoc>[1] = {}) => meiliDocumentOf(searchDoc(key, extra));

describe('what the adapter orders itself, as orderSql orders', () => {
  const docs = [
    doc('a', { ListPrice: 300_000, ListingContractDate: '2026-09-01', BedroomsTotal: null, Latitude: 47.7, Longitude: -122.3 }),
    doc('b', { ListPrice: null, ListingContractDate: null, BedroomsTotal: 4, Latitude: null, Longitude: null }),
    doc('c', { ListPrice: 300_000, ListingContractDate: '2026-10-01', BedroomsTotal: 2, Latitude: 47.61, Longitude: -122.33 }),
    doc('d', { ListPrice: 700_000, ListingContractDate: '2026-10-01', BedroomsTotal: 4, Latitude: 47.61, Longitude: -122.33 }),
  ];
  const order = (sort: Parameters<typeof comparatorOf>[0], origin?: { lat: number; lng: number }) =>
    [...docs].sort(comparatorOf(sort, origin)).map((d) => d.pdid);

  it('puts unknown values last both ways and breaks ties by pdid', () => {
    expect(order('price-asc')).toEqual(['NW-a', 'NW-c', 'NW-d', 'NW-b']);
    expect(order('price-desc')).toEqual(['NW-d', 'NW-a', 'NW-c', 'NW-b']);
    expect(order('newest')).toEqual(['NW-c', 'NW-d', 'NW-a', 'NW-b']);
    expect(order('beds-desc')).toEqual(['NW-b', 'NW-d', 'NW-c', 'NW-a']);
  });

  it('orders nearest by the chord from the origin, listings at one point by pdid, those without a point last', () => {
    expect(order('nearest', { lat: 47.6, lng: -122.33 })).toEqual(['NW-c', 'NW-d', 'NW-a', 'NW-b']);
    expect(order('nearest', { lat: 47.8, lng: -122.3 })).toEqual(['NW-a', 'NW-c', 'NW-d', 'NW-b']);
  });
});

describe('the polygon fallback: bounding boxes in the filter, the even-odd rule in the adapter', () => {
  // A U open to the north: its notch (47.5 to 48, -122.4 to -122.2) is inside the bounding box, outside the polygon.
  const u = '47 -122.6, 48 -122.6, 48 -122.4, 47.5 -122.4, 47.5 -122.2, 48 -122.2, 48 -122, 47 -122';
  const c = parseSearchRequest({ polygonmap: u }, 'list').criteria;
  const inArm = doc('arm', { Latitude: 47.8, Longitude: -122.5 });
  const inBase = doc('base', { Latitude: 47.2, Longitude: -122.3 });
  const inNotch = doc('notch', { Latitude: 47.8, Longitude: -122.3 });
  const outside = doc('out', { Latitude: 46.9, Longitude: -122.3 });
  const nowhere = doc('none', { Latitude: null, Longitude: null });

  it("asks the polygon's bounding box of a server without _geoPolygon", () => {
    expect(filterOf(c, { now: 0, geoPolygon: false }).filter).toBe('grp = 1 AND ((lat >= 47 AND lat <= 48 AND lng >= -122.6 AND lng <= -122))');
  });

  it('keeps only the candidates inside the polygon', () => {
    const checks = compile(c);
    expect([inArm, inBase, inNotch, outside, nowhere].filter((d) => passes(checks, d)).map((d) => d.pdid)).toEqual(['NW-arm', 'NW-base']);
  });

  it('decides a radius by the chord, at the edge too', () => {
    const r = parseSearchRequest({ radius: '1', lat: '47.61', long: '-122.33' }, 'list').criteria;
    const checks = compile(r);
    // 1 mile is 0.014473 degrees of latitude: just inside and just outside.
    expect(passes(checks, doc('in', { Latitude: 47.61 + 0.01447, Longitude: -122.33 }))).toBe(true);
    expect(passes(checks, doc('out', { Latitude: 47.61 + 0.01448, Longitude: -122.33 }))).toBe(false);
  });
});
