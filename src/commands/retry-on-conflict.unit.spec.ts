import { describe, expect, it } from 'vitest';
import { ConcurrencyError, validation } from '../shared/errors';
import { retryOnConflict } from './retry-on-conflict';

describe('retryOnConflict', () => {
  it('runs the attempt again after a lost race, and answers what the winning try answers', async () => {
    const tries: number[] = [];
    const result = await retryOnConflict(async (n) => {
      tries.push(n);
      if (n < 3) throw new ConcurrencyError('lead-1', '4', '5');
      return 'appended';
    }, 0);
    expect(result).toBe('appended');
    expect(tries).toEqual([1, 2, 3]);
  });

  it('gives up after the last allowed lost race, with that race', async () => {
    let tries = 0;
    await expect(
      retryOnConflict(
        async () => {
          tries++;
          throw new ConcurrencyError('lead-1', '4', '5');
        },
        0,
        3,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(tries).toBe(3);
  });

  it('never retries anything but a lost race', async () => {
    let tries = 0;
    await expect(
      retryOnConflict(async () => {
        tries++;
        throw validation('Please enter your name');
      }, 0),
    ).rejects.toThrow('Please enter your name');
    expect(tries).toBe(1);
  });
});
