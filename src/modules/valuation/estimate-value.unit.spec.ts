import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../shared/prng';
import { estimateValue } from './estimate-value';
import { robustWeightedRidge, weightedRidge } from './local-regression';
import { dayNumber, type SoldHome } from './sold-home';
import { SoldIndex } from './sold-index';
import { weightedMedian, weightedQuantile } from './weighted-median';

/** A market where a home sells for $300 a square foot, plus $20,000 a bedroom, give or take 3 %. */
function market(count: number, seed = 7): SoldHome[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => {
    const livingArea = 900 + Math.round(random() * 2600);
    const beds = 1 + Math.floor(random() * 5);
    const date = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 365) * 86_400_000).toISOString().slice(0, 10);
    return {
      pdid: `S${i}`,
      address: `${i} Elm St`,
      latitude: 40 + random() * 0.1,
      longitude: -100 + random() * 0.1,
      closePrice: Math.round((300 * livingArea + 20_000 * beds) * (0.97 + random() * 0.06)),
      closeDate: date,
      closeDay: dayNumber(date),
      beds,
      baths: 2,
      livingArea,
      lotSize: 5000,
      yearBuilt: 1990,
      waterfront: false,
      view: false,
    };
  });
}

const subject = { latitude: 40.05, longitude: -99.95, livingArea: 2000, beds: 3, baths: 2, lotSize: 5000, yearBuilt: 1990 };

describe('estimateValue', () => {
  const homes = market(800);
  const index = new SoldIndex(homes);

  it("values a home from its local market's price of size and bedrooms", () => {
    const valuation = estimateValue(index, subject, '2025-01-01')!;
    expect(valuation.estimate / 660_000).toBeGreaterThan(0.96);
    expect(valuation.estimate / 660_000).toBeLessThan(1.04);
    expect(valuation.low).toBeLessThanOrEqual(valuation.estimate);
    expect(valuation.high).toBeGreaterThanOrEqual(valuation.estimate);
    expect(valuation.comps).toHaveLength(16);
    expect(valuation.confidence).toBeGreaterThan(0.8);
  });

  it('adjusts a smaller comp up, and says by how much for its size', () => {
    const valuation = estimateValue(index, subject, '2025-01-01')!;
    const smaller = valuation.comps.find((c) => c.home.livingArea! < 1900)!;
    expect(smaller.adjustedPrice).toBeGreaterThan(smaller.home.closePrice);
    expect(smaller.adjustments.find((a) => a.feature === 'livingArea')!.dollars).toBeGreaterThan(0);
  });

  it('uses only sales closed before the as-of date', () => {
    const valuation = estimateValue(index, subject, '2024-07-01')!;
    expect(valuation.comps.every((c) => c.home.closeDate < '2024-07-01')).toBe(true);
    expect(estimateValue(index, subject, '2024-01-01')).toBeNull();
  });

  it('has no estimate where no sale lies near', () => {
    expect(estimateValue(index, { latitude: 10, longitude: 10 }, '2025-01-01')).toBeNull();
  });

  it('values a home whose owner gives only its place', () => {
    const valuation = estimateValue(index, { latitude: 40.05, longitude: -99.95 }, '2025-01-01')!;
    const median = weightedMedian(
      homes.map((h) => h.closePrice),
      homes.map(() => 1),
    );
    expect(Math.abs(valuation.estimate / median - 1)).toBeLessThan(0.15);
  });
});

describe('SoldIndex', () => {
  it('finds the same nearest sales as looking at every sale', () => {
    const homes = market(500, 3);
    const index = new SoldIndex(homes);
    const day = dayNumber('2024-09-01');
    const found = index.nearestBefore(40.02, -99.98, day, 25, 50).map((n) => n.home.pdid);
    const all = homes
      .filter((h) => h.closeDay < day)
      .map((h) => ({ h, d: Math.hypot(h.latitude - 40.02, (h.longitude + 99.98) * Math.cos((40.02 * Math.PI) / 180)) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 25)
      .map((x) => x.h.pdid);
    expect(found).toEqual(all);
  });
});

describe('weightedQuantile', () => {
  it('weighs each value by its weight', () => {
    expect(weightedMedian([1, 2, 3], [1, 1, 5])).toBe(3);
    expect(weightedQuantile([5, 1, 3], [1, 1, 1], 0.2)).toBe(1);
  });
});

describe('robustWeightedRidge', () => {
  it('sets a price per unit that a few wild sales do not drag', () => {
    // y = 2x, except three sales at three times the line (teardowns, errors in the feed).
    const x = Array.from({ length: 60 }, (_, i) => [i / 10]);
    const y = x.map(([v], i) => (i % 20 === 15 ? 6 * v! : 2 * v!));
    const w = x.map(() => 1);
    expect(Math.abs(robustWeightedRidge(x, y, w, 0)[0]! - 2)).toBeLessThan(0.05);
    expect(Math.abs(weightedRidge(x, y, w, 0)[0]! - 2)).toBeGreaterThan(0.2);
  });
});

describe('the location adjustment', () => {
  it('moves a comp from a dearer side of the neighbourhood down to the subject', () => {
    // Prices rise 20 % a mile eastwards: a comp east of the subject is adjusted down.
    const east = market(800, 11).map((h) => ({ ...h, closePrice: Math.round(h.closePrice * Math.exp(0.2 * (h.longitude + 99.95) * 53)) }));
    const valuation = estimateValue(new SoldIndex(east), subject, '2025-01-01')!;
    const eastComp = valuation.comps.find((c) => c.home.longitude > -99.94)!;
    expect(eastComp.adjustments.find((a) => a.feature === 'location')!.dollars).toBeLessThan(0);
    expect(Math.abs(valuation.estimate / 660_000 - 1)).toBeLessThan(0.05);
  });
});
