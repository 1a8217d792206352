import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { AppError } from '../shared/errors';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  let db: TestDatabase;
  let limiter: RateLimiter;
  beforeAll(async () => {
    db = await createTestDatabase();
    limiter = new RateLimiter(db.pool);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('counts a weighted request as that many hits, and refuses one that would not fit whole', async () => {
    expect(await limiter.allow('w', 10, 60, 4)).toBe(true);
    expect(await limiter.allow('w', 10, 60, 4)).toBe(true);
    expect(await limiter.allow('w', 10, 60, 4)).toBe(false);
    expect(await limiter.allow('w', 10, 60, 2)).toBe(true);
    expect(await limiter.allow('w', 10, 60)).toBe(false);
    expect(await limiter.allow('other', 10, 60)).toBe(true);
  });

  it('counts concurrent requests exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => limiter.allow('race', 12, 60)));
    expect(answers.filter(Boolean)).toHaveLength(12);
  });

  it("enforce throws the limit's 429 message", async () => {
    const limit = { name: 'try', limit: 1, windowSeconds: 60, message: 'Too many tries.' };
    await limiter.enforce(limit, 'a');
    await expect(limiter.enforce(limit, 'a')).rejects.toEqual(new AppError('rate_limited', 'Too many tries.'));
    await limiter.enforce(limit, 'b');
  });
});
