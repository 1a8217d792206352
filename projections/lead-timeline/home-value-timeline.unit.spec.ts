import { describe, expect, it } from 'vitest';
import { homeValueSummary } from './home-value-timeline';

const data = (over: object) =>
  ({
    leadId: 'l',
    userId: 'u',
    siteId: 's',
    address: '123 Main St, Seattle, WA 98107',
    latitude: 47.6,
    longitude: -122.3,
    facts: { beds: null, baths: null, livingArea: null, yearBuilt: null },
    estimate: 612_000,
    low: 570_400,
    high: 655_300,
    confidence: 0.6,
    asOf: '2026-11-29',
    comps: Array.from({ length: 6 }, () => ({})),
    ...over,
  }) as never;

describe('homeValueSummary', () => {
  it('names the street, the estimate, the range in short and the comps', () => {
    expect(homeValueSummary(data({}))).toBe('Home value requested: 123 Main St — $612,000 ($570k–$655k), 6 comps');
  });
  it('says millions and one comp', () => {
    expect(homeValueSummary(data({ estimate: 1_302_000, low: 1_250_000, high: 1_400_000, comps: [{}] }))).toBe(
      'Home value requested: 123 Main St — $1,302,000 ($1.25M–$1.4M), 1 comp',
    );
  });
});
