import { describe, expect, it } from 'vitest';
import { isSealed, newDataKey, open, seal } from './field-cipher';

describe('a personal value sealed under its person key', () => {
  it('opens to the same JSON value under the same key and subject, and hides it', () => {
    const key = newDataKey();
    for (const v of ['Ada Lovelace', ['vip', 'buyer'], { a: 1 }, 42]) {
      const sealed = seal(key, 'lead-1', v);
      expect(isSealed(sealed)).toBe(true);
      expect(sealed).not.toContain('Ada');
      expect(open(key, 'lead-1', sealed)).toEqual(v);
    }
    // A fresh IV each time: the same value twice is two different ciphertexts.
    expect(seal(key, 's', 'x')).not.toBe(seal(key, 's', 'x'));
  });

  it('does not open under another key, or moved to another person (the subject is authenticated)', () => {
    const key = newDataKey();
    const sealed = seal(key, 'lead-1', 'secret');
    expect(() => open(newDataKey(), 'lead-1', sealed)).toThrow();
    expect(() => open(key, 'lead-2', sealed)).toThrow();
    expect(isSealed('plain text')).toBe(false);
  });
});
