import { describe, expect, it } from 'vitest';
import { duration } from './reportsApi';

describe('how a report writes a duration', () => {
  it.each([
    [null, '—'],
    [42, '42 s'],
    [90, '2 min'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [47 * 3600, '47 h'],
    [50 * 3600, '2 d 2 h'],
    [72 * 3600, '3 d'],
  ])('%j seconds → %j', (s, text) => expect(duration(s)).toBe(text));
});
