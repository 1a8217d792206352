import { describe, expect, it } from 'vitest';
import { formatPolygons, parsePolygons } from './polygons';
import { CIRCLE_VERTICES, circleRing, milesBetween, milesLabel } from './radius';

describe('the radius tool', () => {
  const seattle = [-122.33, 47.61] as const;

  it('turns a centre and a radius into a polygon whose every vertex is that far away', () => {
    const ring = circleRing(seattle, 2)!;
    expect(ring).toHaveLength(CIRCLE_VERTICES);
    for (const v of ring) expect(milesBetween(seattle, v)).toBeCloseTo(2, 2);
    // The polygonmap format round-trips it (a closed ring of 'lat lng' pairs, 6 decimals).
    expect(parsePolygons(formatPolygons([ring]))[0]).toEqual(ring);
  });

  it('keeps no circle for a click without a drag', () => {
    expect(circleRing(seattle, 0)).toBeNull();
    expect(circleRing(seattle, 0.01)).toBeNull();
  });

  it('measures and labels the radius in miles', () => {
    // One degree of latitude is about 69.1 miles.
    expect(milesBetween([0, 0], [0, 1])).toBeCloseTo(69.09, 1);
    expect([milesLabel(0.84), milesLabel(2.5), milesLabel(12.4)]).toEqual(['0.8 mi', '2.5 mi', '12 mi']);
  });
});
