import { describe, expect, it } from 'vitest';
import { formatPolygons } from '../../map/polygons';
import { savedSearchSummary } from './savedSearchSummary';

const square = (x: number) =>
  [
    [x, 47],
    [x + 0.01, 47],
    [x + 0.01, 47.01],
    [x, 47.01],
  ] as [number, number][];

describe('the save modal summary', () => {
  it('counts drawn areas as places, not as filters', () => {
    const c = { polygonmap: formatPolygons([square(-122.3), square(-122.2), square(-122.1)]), sortby: 'nearest', page: '2' };
    expect(savedSearchSummary(c)).toEqual({ places: ['3 drawn areas'], filters: 0 });
    expect(savedSearchSummary({ polygonmap: formatPolygons([square(-122.3)]) }).places).toEqual(['1 drawn area']);
  });

  it('names tags, the map area and a radius, and counts only the filters set', () => {
    const c = { acl_city: 'Kent', minlat: '47', maxlat: '48', minlong: '-123', maxlong: '-122', minprice: '300000', beds: '3', forrent: '1' };
    expect(savedSearchSummary(c)).toEqual({ places: ['Kent', 'Map area'], filters: 3 });
    expect(savedSearchSummary({ lat: '47.6', long: '-122.3', radius: '2' }).places).toEqual(['Within 2 mi of a point']);
  });
});
