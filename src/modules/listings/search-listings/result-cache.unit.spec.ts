import { describe, expect, it, vi } from 'vitest';
import { entryBytes, MAX_AGE_MS, ResultCache } from './result-cache';

const MB = 1024 * 1024;

describe('ResultCache', () => {
  it('answers the same request from one computation within the time to live', async () => {
    vi.useFakeTimers();
    const cache = new ResultCache<number>(1000, MB);
    let n = 0;
    const compute = async () => ++n;
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    expect(await cache.get('b', compute)).toBe(2);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('a', compute)).toBe(3);
    vi.useRealTimers();
  });

  it('does not keep failures, and computes every time when off', async () => {
    const cache = new ResultCache<number>(1000, MB);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('x', async () => 7)).toBe(7);
    const off = new ResultCache<number>(0, MB);
    let n = 0;
    await off.get('k', async () => ++n);
    expect(await off.get('k', async () => ++n)).toBe(2);
  });

  it('holds at most its size in bytes, keys and answers, dropping the oldest', async () => {
    // Each entry: a 1,000-character key and a 100-character answer, counted twice: 2,200 bytes.
    const key = (i: number) => `${String(i).padStart(4, '0')} ${'k'.repeat(995)}`;
    const answer = (i: number) => ({ text: `${i}`.padEnd(90, '.') });
    expect(entryBytes(key(1), answer(1))).toBe(2 * 1000 + 3 * JSON.stringify(answer(1)).length);
    const cache = new ResultCache<{ text: string }>(60_000, 10 * entryBytes(key(1), answer(1)));
    for (let i = 0; i < 1000; i++) await cache.get(key(i), async () => answer(i));
    expect(cache.size).toBe(10);
    expect(cache.bytes).toBe(10 * entryBytes(key(1), answer(1)));
    expect(await cache.get(key(999), async () => ({ text: 'again' }))).toEqual(answer(999));
    expect(await cache.get(key(0), async () => ({ text: 'again' }))).toEqual({ text: 'again' });
  });

  it('stays within its bytes however long the keys of distinct requests (the attack of issue 12)', async () => {
    const cache = new ResultCache<string>(60_000, 8 * MB);
    // Distinct requests with 570 kB criteria, their answers still being computed or done.
    const big = 'x'.repeat(570_000);
    const pending: Promise<string>[] = [];
    for (let i = 0; i < 200; i++) {
      pending.push(cache.get(`${i} ${big}`, async () => `answer ${i}`));
      expect(cache.bytes).toBeLessThanOrEqual(8 * MB);
    }
    await Promise.all(pending);
    expect(cache.bytes).toBeLessThanOrEqual(8 * MB);
    expect(cache.size).toBe(Math.floor((8 * MB) / entryBytes(`0 ${big}`, 'answer 0')));
  });

  it('does not keep an answer bigger than the whole cache, nor push the others out for it', async () => {
    const cache = new ResultCache<string>(60_000, 1000);
    await cache.get('small', async () => 'kept');
    await cache.get('huge', async () => 'y'.repeat(1000));
    expect(cache.size).toBe(1);
    expect(await cache.get('small', async () => 'again')).toBe('kept');
  });

  it('lets go of answers that can no longer be served at the next request', async () => {
    vi.useFakeTimers();
    const cache = new ResultCache<string>(1000, MB);
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, async () => 'v');
    expect(cache.size).toBe(50);
    vi.advanceTimersByTime(1001);
    await cache.get('other', async () => 'v');
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(entryBytes('other', 'v'));
    vi.useRealTimers();
  });

  it('keeps an answer past its time to live while the index has not moved, and drops it when it has', async () => {
    vi.useFakeTimers();
    let version: string | undefined = 'v1';
    const cache = new ResultCache<number>(1000, MB, () => version);
    let n = 0;
    const compute = async () => ++n;
    expect(await cache.get('a', compute)).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(await cache.get('a', compute)).toBe(1);
    version = 'v2';
    expect(await cache.get('a', compute)).toBe(2);
    // Not past the oldest an unmoved index may keep it; unknown version: the time to live alone.
    vi.advanceTimersByTime(MAX_AGE_MS);
    expect(await cache.get('a', compute)).toBe(3);
    version = undefined;
    vi.advanceTimersByTime(1001);
    expect(await cache.get('a', compute)).toBe(4);
    vi.useRealTimers();
  });
});
