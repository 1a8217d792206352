import { describe, expect, it, vi } from 'vitest';
import { MAX_AGE_MS, ResultCache } from './result-cache';

describe('ResultCache', () => {
  it('answers the same request from one computation within the time to live', async () => {
    vi.useFakeTimers();
    const cache = new ResultCache<number>(1000);
    let n = 0;
    const compute = async () => ++n;
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    expect(await cache.get('b', compute)).toBe(2);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('a', compute)).toBe(3);
    vi.useRealTimers();
  });

  it('does not keep failures, and computes every time when off', async () => {
    const cache = new ResultCache<number>(1000);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('x', async () => 7)).toBe(7);
    const off = new ResultCache<number>(0);
    let n = 0;
    await off.get('k', async () => ++n);
    expect(await off.get('k', async () => ++n)).toBe(2);
  });

  it('holds at most its size, dropping the oldest', async () => {
    const cache = new ResultCache<string>(60_000, 2);
    await cache.get('1', async () => 'one');
    await cache.get('2', async () => 'two');
    await cache.get('3', async () => 'three');
    expect(await cache.get('1', async () => 'again')).toBe('again');
  });

  it('keeps an answer past its time to live while the index has not moved, and drops it when it has', async () => {
    vi.useFakeTimers();
    let version: string | undefined = 'v1';
    const cache = new ResultCache<number>(1000, 10, () => version);
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
