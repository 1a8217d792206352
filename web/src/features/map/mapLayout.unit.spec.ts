import { describe, expect, it } from 'vitest';
import { drawnMatches, fitPadding } from './mapLayout';

describe('the search map layout', () => {
  it('frames results below the tool overlay, within the map', () => {
    expect(fitPadding({ width: 1000, height: 700 }, 90)).toEqual({ top: 106, right: 48, bottom: 48, left: 48 });
    // A short map: the top padding leaves the results some room.
    const short = fitPadding({ width: 390, height: 220 }, 150);
    expect(short.top + short.bottom).toBeLessThan(220);
    expect(short.top).toBeGreaterThanOrEqual(short.left);
  });

  it('draws pins standing alone and the clusters of the other cells, every match once', () => {
    const pin = (pdid: string, inCluster: boolean) => ({ pdid, latitude: 1, longitude: 2, priceShort: '$1k', locationApproximate: false, inCluster });
    const drawn = drawnMatches(
      [pin('A', false), pin('B', true)],
      [
        { latitude: 1, longitude: 2, count: 1, complete: true },
        { latitude: 3, longitude: 4, count: 250, complete: false },
      ],
    );
    expect(drawn.pins.map((p) => p.pdid)).toEqual(['A']);
    expect(drawn.clusters.map((c) => c.count)).toEqual([250]);
    expect(drawn.count).toBe(251);
  });
});
