import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { addressKey, MAX_WAITING, SearchGate, TOO_MANY_AT_ONCE, TOO_MANY_SEARCHES } from './search-gate';

/** A search that ends when the test says so. */
function deferred() {
  let end!: () => void;
  const done = new Promise<void>((r) => (end = r));
  return { done, end };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('rate_limited');
  return (err as AppError).message;
};

describe('SearchGate', () => {
  it('lets an address start a sixth of its minute at once, then as many a minute as allowed; refused ones do not count', async () => {
    let now = 0;
    const gate = new SearchGate({ perMinute: 600, parallel: 100 }, () => now);
    for (let i = 0; i < 100; i++) await gate.run('203.0.113.9', async () => i);
    expect(await refusal(gate.run('203.0.113.9', async () => 0))).toBe(TOO_MANY_SEARCHES);
    expect(await refusal(gate.run('203.0.113.9', async () => 0))).toBe(TOO_MANY_SEARCHES);
    // Another address is not affected.
    expect(await gate.run('203.0.113.10', async () => 'other')).toBe('other');
    // 600 a minute: one every 100 ms.
    now += 100;
    expect(await gate.run('203.0.113.9', async () => 'one')).toBe('one');
    expect(await refusal(gate.run('203.0.113.9', async () => 0))).toBe(TOO_MANY_SEARCHES);
    now += 60_000;
    for (let i = 0; i < 100; i++) await gate.run('203.0.113.9', async () => i);
    expect(await refusal(gate.run('203.0.113.9', async () => 0))).toBe(TOO_MANY_SEARCHES);
  });

  it('a person paging a map (a search every 200 ms for ten minutes) is never refused', async () => {
    let now = 0;
    const gate = new SearchGate({ perMinute: 600, parallel: 2 }, () => now);
    for (let i = 0; i < 3000; i++, now += 200) await gate.run('198.51.100.4', async () => i);
  });

  it('runs at most `parallel` searches of an address at once; the others wait their turn, in order', async () => {
    const gate = new SearchGate({ perMinute: 6000, parallel: 2 }, () => 0);
    const searches = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = searches.map((s, i) => gate.run('203.0.113.9', async () => (started.push(i), s.done)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // Another address does not wait for this one's.
    expect(await gate.run('192.0.2.1', async () => 'other')).toBe('other');
    searches[1]!.end();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const s of searches) s.end();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // A failing search frees its slot too.
    await expect(gate.run('203.0.113.9', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await gate.run('203.0.113.9', async () => undefined);
  });

  it('runs at most `total` searches of all addresses at once; the others start as those end, in order', async () => {
    const gate = new SearchGate({ perMinute: 6000, parallel: 5, total: 2 }, () => 0);
    const searches = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = searches.map((s, i) => gate.run(`203.0.113.${i}`, async () => (started.push(i), s.done)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    searches[0]!.end();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    // A failing search frees its turn too.
    searches[1]!.end();
    searches[2]!.end();
    await Promise.all(runs.slice(0, 3));
    const failing = gate.run('192.0.2.1', async () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);
    searches[3]!.end();
    await runs[3];
    expect(await gate.run('192.0.2.2', async () => 'free')).toBe('free');
  });

  it('refuses a search when too many of the address already wait', async () => {
    const gate = new SearchGate({ perMinute: 60_000, parallel: 1 }, () => 0);
    const hold = deferred();
    const runs = Array.from({ length: 1 + MAX_WAITING }, () => gate.run('203.0.113.9', () => hold.done));
    expect(await refusal(gate.run('203.0.113.9', async () => 0))).toBe(TOO_MANY_AT_ONCE);
    hold.end();
    await Promise.all(runs);
    expect(await gate.run('203.0.113.9', async () => 'again')).toBe('again');
  });

  it('forgets idle addresses once their bucket is full again', async () => {
    let now = 0;
    const gate = new SearchGate({ perMinute: 600, parallel: 2 }, () => now);
    for (let i = 0; i < 999; i++) await gate.run(`10.0.${i >> 8}.${i & 255}`, async () => i);
    expect(gate.size).toBe(999);
    now += 100; // one token back: the buckets are full again
    await gate.run('10.9.9.9', async () => 0);
    expect(gate.size).toBe(1);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:12:abcd::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0db8:0000:0012:1:2:3:4')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
