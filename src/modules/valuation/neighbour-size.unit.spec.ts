import { describe, expect, it } from 'vitest';
import { NEIGHBOURS, neighbourSize } from './neighbour-size';

describe('neighbourSize', () => {
  // A row of homes a mile apart east of the point, 1,000 sq ft larger each; a mansion far away.
  const places: [number, number][] = Array.from({ length: 12 }, (_, i) => [i + 1, 0]);
  const sizes = places.map((_, i) => 1000 * (i + 1));
  places.push([50, 0]);
  sizes.push(20_000);

  it('is the mean size of the nearest sales around a place', () => {
    const nearest = sizes.slice(0, NEIGHBOURS);
    expect(Math.exp(neighbourSize(places, sizes, 0, 0, -1))).toBeCloseTo(nearest.reduce((s, v) => s + v, 0) / NEIGHBOURS, 6);
  });

  it('leaves out the sale whose neighbourhood it is', () => {
    // The home at (1, 0): its neighbours are the next eight along the row, not itself.
    const others = sizes.slice(1, NEIGHBOURS + 1);
    expect(Math.exp(neighbourSize(places, sizes, 1, 0, 0))).toBeCloseTo(others.reduce((s, v) => s + v, 0) / NEIGHBOURS, 6);
  });

  it('uses what there is when fewer sales lie around', () => {
    expect(
      Math.exp(
        neighbourSize(
          [
            [0, 0],
            [1, 1],
          ],
          [1500, 2500],
          0,
          0,
          0,
        ),
      ),
    ).toBeCloseTo(2500, 6);
    expect(neighbourSize([], [], 0, 0, -1)).toBe(0);
  });
});
