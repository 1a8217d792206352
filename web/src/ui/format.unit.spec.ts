import { describe, expect, it } from 'vitest';
import { count, plural } from './format';
import { isOne } from './translations';

describe('display formats in the page’s language', () => {
  it('counts the English way on an English page, the French way on a French one', () => {
    expect(count(12345, 'en')).toBe('12,345');
    expect(count(12345, 'fr')).toBe('12\u202f345');
    expect(count(null, 'fr')).toBe('—');
  });

  it('pluralises by the language’s rules', () => {
    expect(plural(0, 'home', 'homes', 'en')).toBe('0 homes');
    expect(plural(1, 'home', 'homes', 'en')).toBe('1 home');
    expect(plural(0, 'maison', 'maisons', 'fr')).toBe('0 maison');
    expect(plural(2000, 'maison', 'maisons', 'fr')).toBe('2\u202f000 maisons');
    expect([isOne(0, 'en'), isOne(1, 'en'), isOne(0, 'fr'), isOne(1, 'fr'), isOne(2, 'fr')]).toEqual([false, true, true, true, false]);
  });
});
