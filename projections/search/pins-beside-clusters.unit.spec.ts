import { describe, expect, it } from 'vitest';
import { cellSize } from './geo';
import { pinsBesideClusters } from './pins-beside-clusters';

const pin = (pdid: string, latitude: number, longitude: number) => ({ pdid, latitude, longitude });

describe('pins beside clusters on the map', () => {
  // Level 10 cells are 0.3515625° wide: two cells apart, well inside each.
  const size = cellSize(10);
  const a = { lat: 47.6, lng: -122.3 };
  const b = { lat: a.lat, lng: a.lng + 2 * size };

  it('draws a cell whose every match is pinned as its pins, and any other as its cluster with the true count', () => {
    const pins = [pin('A1', a.lat, a.lng), pin('A2', a.lat + 0.001, a.lng + 0.001), pin('B1', b.lat, b.lng)];
    const clusters = [
      { latitude: a.lat + 0.0005, longitude: a.lng + 0.0005, count: 2 },
      { latitude: b.lat + 0.01, longitude: b.lng + 0.01, count: 40 },
    ];
    const out = pinsBesideClusters(pins, clusters, 10);
    // In the order given: the cluster of A (both pinned) is drawn as its pins, B's as its cluster.
    expect(out.complete).toEqual([true, false]);
    expect(out.inCluster).toEqual([false, false, true]);
  });

  it('tells cells apart on a map of the whole world at the finest level', () => {
    // Seattle and Sydney at level 20: cells a world apart, each told from the other.
    const sydney = { lat: -33.9, lng: 151.2 };
    const pins = [pin('S1', a.lat, a.lng), pin('Y1', sydney.lat, sydney.lng)];
    const clusters = [
      { latitude: a.lat, longitude: a.lng, count: 1 },
      { latitude: sydney.lat, longitude: sydney.lng, count: 2 },
    ];
    const out = pinsBesideClusters(pins, clusters, 20);
    expect(out.complete).toEqual([true, false]);
    expect(out.inCluster).toEqual([false, true]);
  });

  it('leaves every pin standing when there are no clusters', () => {
    expect(pinsBesideClusters([pin('A1', a.lat, a.lng)], [], 12)).toEqual({ inCluster: [false], complete: [] });
  });
});
