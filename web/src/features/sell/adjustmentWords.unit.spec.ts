import { describe, expect, it } from 'vitest';
import { adjustmentWords } from './adjustmentWords';

describe('adjustmentWords', () => {
  it('says what was added or taken off, and why, in plain words', () => {
    expect(adjustmentWords({ feature: 'livingArea', dollars: 12_400, difference: 180 })).toBe('$12,400 added: 180 sq ft larger');
    expect(adjustmentWords({ feature: 'beds', dollars: -8_000, difference: -1 })).toBe('$8,000 taken off: 1 bedroom fewer');
    expect(adjustmentWords({ feature: 'age', dollars: -3_150, difference: 12 })).toBe('$3,150 taken off: 12 years older');
    expect(adjustmentWords({ feature: 'saleDate', dollars: 9_000, difference: 91 })).toBe('$9,000 added: sold 3 months ago, market since');
    expect(adjustmentWords({ feature: 'location', dollars: -6_200, difference: 0.43 })).toBe('$6,200 taken off: 0.4 mi away, where homes sell for more');
    expect(adjustmentWords({ feature: 'location', dollars: 1_500, difference: 1.2 })).toBe('$1,500 added: 1.2 mi away, where homes sell for less');
  });
});
