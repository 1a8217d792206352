import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctVertices, douglasPeucker, formatPolygons, type LngLat, MAX_VERTICES, MIN_VERTICES, parsePolygons, simplifyDrawnPolygon } from './polygons';

/** A freehand loop of n points around a centre, with a little jitter like a real mouse stroke. */
function loop(n: number, radius = 0.05, centre: LngLat = [-122.33, 47.61], wobble = 0.15): LngLat[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const r = radius * (1 + wobble * Math.sin(7 * a));
    return [centre[0] + r * Math.cos(a), centre[1] + r * Math.sin(a)] as LngLat;
  });
}

describe('drawn polygon simplification', () => {
  it('refuses a stroke with 2 or fewer distinct points', () => {
    expect(simplifyDrawnPolygon([])).toBeNull();
    expect(
      simplifyDrawnPolygon([
        [1, 1],
        [1, 1],
        [2, 2],
        [2, 2],
      ]),
    ).toBeNull();
  });

  it('keeps a triangle as it is', () => {
    expect(
      simplifyDrawnPolygon([
        [0, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
  });

  it('lands every long stroke between 4 and 99 vertices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 3000 }),
        fc.double({ min: 0.0005, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 0.6, noNaN: true }),
        (n, radius, wobble) => {
          const out = simplifyDrawnPolygon(loop(n, radius, [-100, 40], wobble))!;
          expect(out.length).toBeGreaterThanOrEqual(MIN_VERTICES);
          expect(out.length).toBeLessThanOrEqual(MAX_VERTICES);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('starts from tolerance 0.0009: a smooth neighbourhood-sized loop loses most points', () => {
    const stroke = loop(600, 0.02, [-122.33, 47.61], 0);
    const out = simplifyDrawnPolygon(stroke)!;
    expect(out.length).toBeLessThan(60);
    expect(out.length).toBe(distinctVertices(douglasPeucker(distinctVertices(stroke), 0.0009)).length);
  });

  it('Douglas-Peucker keeps the corners of a square drawn with many points', () => {
    const side = (from: LngLat, to: LngLat) =>
      Array.from({ length: 50 }, (_, i) => [from[0] + ((to[0] - from[0]) * i) / 50, from[1] + ((to[1] - from[1]) * i) / 50] as LngLat);
    const square = [...side([0, 0], [1, 0]), ...side([1, 0], [1, 1]), ...side([1, 1], [0, 1]), ...side([0, 1], [0, 0.02])];
    expect(simplifyDrawnPolygon(square)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0.0396],
    ]);
  });
});

describe('polygonmap format', () => {
  it("writes 'lat lng' pairs with 6 decimals joined by ', ', the first point repeated, polygons joined by ':'", () => {
    const a: LngLat[] = [
      [-122.3, 47.6],
      [-122.2, 47.6],
      [-122.2, 47.7],
      [-122.3000004, 47.7],
    ];
    const b: LngLat[] = [
      [-121, 38],
      [-120, 38],
      [-120, 39],
    ];
    expect(formatPolygons([a, b])).toBe(
      '47.600000 -122.300000, 47.600000 -122.200000, 47.700000 -122.200000, 47.700000 -122.300000, 47.600000 -122.300000:' +
        '38.000000 -121.000000, 38.000000 -120.000000, 39.000000 -120.000000, 38.000000 -121.000000',
    );
  });

  it('parses what it writes', () => {
    const rings = [loop(40, 0.1), loop(12, 1, [-90, 35])].map((r) => simplifyDrawnPolygon(r)!);
    expect(parsePolygons(formatPolygons(rings))).toEqual(rings);
    expect(parsePolygons('nonsense:1 2, 3')).toEqual([]);
  });
});
