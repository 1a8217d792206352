import { describe, expect, it, vi } from 'vitest';
import { PushSweeper } from './push-sweeper';
import { SignalBus } from './signal-bus';

/** A run that finishes when the test says so. */
function controlledWork() {
  const finishers: (() => void)[] = [];
  let runs = 0;
  const work = () => {
    runs++;
    return new Promise<void>((resolve) => finishers.push(resolve));
  };
  const finishOne = async () => {
    finishers.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { work, finishOne, runs: () => runs };
}

describe('push sweeper', () => {
  it('runs one at a time; kicks during a run collapse into one more run', async () => {
    const w = controlledWork();
    const sweeper = new PushSweeper(w.work, () => undefined);
    sweeper.kick();
    sweeper.kick();
    sweeper.kick();
    expect(w.runs()).toBe(1);
    await w.finishOne();
    expect(w.runs()).toBe(2);
    await w.finishOne();
    expect(w.runs()).toBe(2);
  });

  it('is woken by its push only, and not after it stopped', async () => {
    const w = controlledWork();
    const bus = new SignalBus();
    const sweeper = new PushSweeper(w.work, () => undefined);
    sweeper.listen(bus, 'alerts.changed');
    const other = { signal: 'site.changed', payload: { siteId: 's' } } as const;
    const mine = { signal: 'alerts.changed', payload: { queued: 1 } } as const;
    bus.deliver([other]);
    expect(w.runs()).toBe(0);
    bus.deliver([other, mine, mine]);
    expect(w.runs()).toBe(1);
    const stopped = sweeper.stop();
    await w.finishOne();
    await stopped;
    bus.deliver([mine]);
    expect(w.runs()).toBe(1);
    expect(sweeper.isStopped).toBe(true);
  });

  it('hands a failed run to onError and keeps going', async () => {
    const errors: string[] = [];
    const outcomes = [new Error('relay down'), null];
    let runs = 0;
    const sweeper = new PushSweeper(
      async () => {
        const failure = outcomes[runs++];
        if (failure) throw failure;
      },
      (err) => errors.push(err.message),
    );
    sweeper.kick();
    sweeper.kick();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(runs).toBe(2);
    expect(errors).toEqual(['relay down']);
    await sweeper.stop();
  });

  it('pauses while the database is away instead of running at every kick, then runs again', async () => {
    vi.useFakeTimers();
    try {
      const errors: string[] = [];
      const outcomes = [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), null];
      let runs = 0;
      const sweeper = new PushSweeper(
        async () => {
          const failure = outcomes[runs++];
          if (failure) throw failure;
        },
        (err) => errors.push(err.message),
      );
      sweeper.kick();
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(runs).toBe(1);
      sweeper.kick();
      sweeper.kick();
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      expect(errors).toEqual([]);
      await sweeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
