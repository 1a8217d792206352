import { describe, expect, it } from 'vitest';
import { priceShort, priceText } from './price';

describe('priceShort (contract section 3)', () => {
  it.each([
    [null, null],
    [0, '$0'],
    [950, '$950'],
    [999, '$999'],
    [1000, '$1k'],
    [222_400, '$222k'],
    [999_499, '$999k'],
    [999_600, '$1M'],
    [1_000_000, '$1M'],
    [1_250_000, '$1.25M'],
    [1_204_999, '$1.2M'],
    [12_345_678, '$12.35M'],
  ])('%s → %s', (price, short) => {
    expect(priceShort(price)).toBe(short);
  });
});

describe('priceShort of a rent (contract section 4a: leases show "/mo")', () => {
  it.each([
    [null, null],
    [950, '$950/mo'],
    [1000, '$1k/mo'],
    [2100, '$2.1k/mo'],
    [2149, '$2.1k/mo'],
    [2150, '$2.2k/mo'],
    [9949, '$9.9k/mo'],
    [9950, '$10k/mo'],
    [12_400, '$12k/mo'],
    [1_250_000, '$1.25M/mo'],
  ])('%s → %s', (price, short) => {
    expect(priceShort(price, true)).toBe(short);
  });
});

describe('priceText (cards, the listing page and e-mails)', () => {
  it.each([
    [null, false, 'Price on request'],
    [null, true, 'Price on request'],
    [1_250_000, false, '$1,250,000'],
    [474_800.4, false, '$474,800'],
    [2100, true, '$2,100/mo'],
    [12_400, true, '$12,400/mo'],
  ])('%s (per month: %s) → %s', (price, perMonth, text) => {
    expect(priceText(price, perMonth)).toBe(text);
  });
});
