import { describe, expect, it } from 'vitest';
import { cellsOf } from '../geo';
import { cellKey } from './meili-document';
import { boundsOfPoints, clusterLevelOf, clustersOfFacets, clustersOfPoints } from './meili-clusters';

const seattle = [
  { lat: 47.61, lng: -122.33 },
  { lat: 47.62, lng: -122.34 },
  { lat: 47.6, lng: -122.32 },
];
const spokane = [{ lat: 47.66, lng: -117.43 }];
const keyOf = (p: { lat: number; lng: number }, z: number) => {
  const { cy, cx } = cellsOf(p);
  return cellKey(cy, cx, z);
};

describe("clusters as the port promises: true counts, at the matches' mean position", () => {
  it("groups points by their cell at the level, most first, each at its points' mean", () => {
    const clusters = clustersOfPoints([...spokane, ...seattle], 8);
    expect(clusters.map((c) => c.count)).toEqual([3, 1]);
    expect(clusters[0]!.latitude).toBeCloseTo(47.61, 12);
    expect(clusters[0]!.longitude).toBeCloseTo(-122.33, 12);
    expect(clusters[1]).toEqual({ latitude: 47.66, longitude: -117.43, count: 1 });
    // At level 2 the whole state is one cell.
    expect(clustersOfPoints([...spokane, ...seattle], 2).map((c) => c.count)).toEqual([4]);
  });

  it('reads the level as PostgreSQL does: whole, from 0 to 20', () => {
    expect([clusterLevelOf(-3), clusterLevelOf(7.9), clusterLevelOf(25)]).toEqual([0, 7, 20]);
  });

  it('takes the counts of the cell facet, and the means of the points when they were read', () => {
    const counts = { [keyOf(seattle[0]!, 8)]: 3, [keyOf(spokane[0]!, 8)]: 1 };
    expect(clustersOfFacets(counts, 8, [...seattle, ...spokane], null)).toEqual(clustersOfPoints([...seattle, ...spokane], 8));
  });

  it("stands each cluster at its cell's centre, inside the matches' bounds, when the points were too many to read", () => {
    const counts = { [keyOf(seattle[0]!, 8)]: 3000, [keyOf(spokane[0]!, 8)]: 10 };
    const bounds = { minLat: 47.6, maxLat: 47.66, minLng: -122.34, maxLng: -117.43 };
    const clusters = clustersOfFacets(counts, 8, null, bounds);
    expect(clusters.map((c) => c.count)).toEqual([3000, 10]);
    const size = 360 / 2 ** 8;
    const [row, col] = keyOf(seattle[0]!, 8).split(':').map(Number) as [number, number];
    expect(clusters[0]!.longitude).toBeCloseTo(Math.min(bounds.maxLng, Math.max(bounds.minLng, (col + 0.5) * size - 180)), 12);
    expect(clusters[0]!.latitude).toBeCloseTo(Math.min(bounds.maxLat, Math.max(bounds.minLat, (row + 0.5) * size - 90)), 12);
    for (const c of clusters) {
      expect(c.latitude).toBeGreaterThanOrEqual(bounds.minLat);
      expect(c.latitude).toBeLessThanOrEqual(bounds.maxLat);
    }
  });

  it('keeps the facet counts when the points read do not add up to them (a write came between the two reads)', () => {
    const counts = { [keyOf(seattle[0]!, 8)]: 4 };
    const clusters = clustersOfFacets(counts, 8, seattle, null);
    expect(clusters.map((c) => c.count)).toEqual([4]);
  });

  it('bounds the points, or says null for none', () => {
    expect(boundsOfPoints([...seattle, ...spokane])).toEqual({ minLat: 47.6, maxLat: 47.66, minLng: -122.34, maxLng: -117.43 });
    expect(boundsOfPoints([])).toBeNull();
  });
});
