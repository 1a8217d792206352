import { describe, expect, it } from 'vitest';
import { fill, formatNumber, pluralCategory } from './label-fill';

const NNBSP = '\u202f'; // French groups thousands with a narrow no-break space

describe('numbers and plurals in the page’s language', () => {
  it('writes numbers the language’s way: English 1,234.5, French 1 234,5, Spanish 12.345', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'fr')).toBe(`1${NNBSP}234,5`);
    expect(formatNumber(12345, 'es')).toBe('12.345');
  });

  it('fills a label’s numbers in the language', () => {
    expect(fill('{count} homes', { count: 1234 })).toBe('1,234 homes');
    expect(fill('{count} maisons à vendre', { count: 1234 }, 'fr')).toBe(`1${NNBSP}234 maisons à vendre`);
    expect(fill('{place}: {count}', { place: 'Kent', count: 2 }, 'fr')).toBe('Kent: 2');
    expect(fill('{missing}', { count: 1 }, 'fr')).toBe('{missing}');
  });

  it('picks the plural form by the language’s rules: 0 is plural in English, singular in French', () => {
    expect([0, 1, 2].map((n) => pluralCategory(n, 'en'))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 1.5, 2].map((n) => pluralCategory(n, 'fr'))).toEqual(['one', 'one', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory(n, 'zh'))).toEqual(['other', 'other', 'other']);
  });

  it('writes a language this runtime does not know the English way', () => {
    expect(formatNumber(1234, 'not a locale')).toBe('1,234');
    expect(pluralCategory(1, 'not a locale')).toBe('one');
  });
});
