import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../src/contract/search';
import { clusterRadius, clustersThatFit, narrowestGap } from './clusterCircles';

const at = (x: number, y: number, count: number): Cluster => ({ longitude: x, latitude: y, count });
const project = (c: Cluster) => ({ x: c.longitude, y: c.latitude });

describe('cluster circles on screen', () => {
  it('draws circles that would touch as one, with the summed count at the weighted mean', () => {
    const out = clustersThatFit([at(100, 100, 30), at(110, 100, 10), at(400, 100, 5)], project);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({ longitude: 102.5, latitude: 100, count: 40 });
    expect(narrowestGap(out, project)).toBeGreaterThanOrEqual(0);
  });

  it('merges again when a merged circle reaches a third', () => {
    const r = clusterRadius(1);
    const chain = [at(0, 0, 1), at(2 * r, 0, 1), at(4 * r + 6, 0, 1000)];
    const out = clustersThatFit(chain, project);
    expect(out.map((c) => c.count)).toEqual([1002]);
  });

  it('leaves circles apart as they are', () => {
    const apart = [at(0, 0, 5), at(200, 0, 5), at(0, 200, 5)];
    expect(clustersThatFit(apart, project)).toEqual(apart);
    expect(narrowestGap([at(0, 0, 1)], project)).toBeNull();
  });
});
