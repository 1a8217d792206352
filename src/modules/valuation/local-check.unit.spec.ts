import { describe, expect, it } from 'vitest';
import { checkOnNeighbours, type CheckedSale } from './local-check';
import { naiveFromNeighbours } from './naive-value';
import type { SoldHome } from './sold-home';

const sale = (actual: number, modelError: number, naiveError: number): CheckedSale => ({ actual, model: actual + modelError, naive: actual + naiveError });

describe('checkOnNeighbours', () => {
  it('keeps the model where it valued the nearby sales better', () => {
    const sales = Array.from({ length: 30 }, (_, i) => sale(12 + i / 100, i % 2 ? 0.03 : -0.03, i % 2 ? 0.2 : -0.2));
    expect(checkOnNeighbours(sales).modelShare).toBe(1);
  });

  it('leans on the naive value where the model valued the nearby sales worse', () => {
    const sales = Array.from({ length: 30 }, (_, i) => sale(12 + i / 100, i % 2 ? 0.25 : -0.25, i % 2 ? 0.04 : -0.04));
    const check = checkOnNeighbours(sales);
    expect(check.modelShare).toBe(0);
    expect(Math.max(...check.residuals.map(Math.abs))).toBeCloseTo(0.04, 6);
  });

  it('blends the two where their errors cancel', () => {
    const sales = Array.from({ length: 30 }, (_, i) => sale(12, i % 2 ? 0.1 : -0.1, i % 2 ? -0.1 : 0.1));
    expect(checkOnNeighbours(sales).modelShare).toBe(0.5);
  });

  it('keeps the model when the naive value is unknown', () => {
    expect(checkOnNeighbours([{ actual: 12, model: 12.1, naive: null }])).toEqual({ modelShare: 1, residuals: [expect.closeTo(-0.1, 6)] });
  });
});

describe('naiveFromNeighbours', () => {
  const home = (closePrice: number, livingArea: number | null) => ({ home: { closePrice, livingArea } as SoldHome });

  it('prices the size at the nearest sized sales’ median price per square foot', () => {
    expect(naiveFromNeighbours([home(300_000, 1000), home(999_000, null), home(500_000, 2000), home(400_000, 1000)], 1500)).toBe(450_000);
  });

  it('answers the nearest sales’ median price for a home of unknown size', () => {
    expect(naiveFromNeighbours([home(300_000, 1000), home(200_000, null), home(500_000, 2000)], null)).toBe(300_000);
  });

  it('has no value without a sale', () => {
    expect(naiveFromNeighbours([], 1500)).toBeNull();
    expect(naiveFromNeighbours([home(300_000, null)], 1500)).toBeNull();
  });
});
