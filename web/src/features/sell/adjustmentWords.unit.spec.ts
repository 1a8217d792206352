import { describe, expect, it } from 'vitest';
import { adjustmentWords } from './adjustmentWords';

describe('adjustmentWords', () => {
  it('says what was added or taken off, and why, in plain words naming the home (the difference is the home against the comp)', () => {
    expect(adjustmentWords({ feature: 'livingArea', dollars: 12_400, difference: 180 })).toBe('$12,400 added: your home is 180 sq ft larger');
    expect(adjustmentWords({ feature: 'lotSize', dollars: -2_000, difference: -900 })).toBe('$2,000 taken off: your lot is 900 sq ft smaller');
    expect(adjustmentWords({ feature: 'beds', dollars: -8_000, difference: -1 })).toBe('$8,000 taken off: your home has 1 bedroom fewer');
    expect(adjustmentWords({ feature: 'baths', dollars: 20_000, difference: 2 })).toBe('$20,000 added: your home has 2 bathrooms more');
    expect(adjustmentWords({ feature: 'age', dollars: -3_150, difference: 12 })).toBe('$3,150 taken off: your home is 12 years older');
    expect(adjustmentWords({ feature: 'view', dollars: -30_000, difference: -1 })).toBe('$30,000 taken off: this one has a view, your home has none');
    expect(adjustmentWords({ feature: 'saleDate', dollars: 9_000, difference: 91 })).toBe('$9,000 added: sold 3 months ago, prices have risen since');
    expect(adjustmentWords({ feature: 'saleDate', dollars: 4_000, difference: 30 })).toBe('$4,000 added: sold a month ago, prices have risen since');
    expect(adjustmentWords({ feature: 'saleDate', dollars: -1_000, difference: 61 })).toBe('$1,000 taken off: sold 2 months ago, prices have fallen since');
    expect(adjustmentWords({ feature: 'location', dollars: -6_200, difference: 0.43 })).toBe('$6,200 taken off: 0.4 mi away, where homes sell for more');
    expect(adjustmentWords({ feature: 'location', dollars: 1_500, difference: 1.2 })).toBe('$1,500 added: 1.2 mi away, where homes sell for less');
  });
});
