import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { Wakeup } from './wakeup';

const CHANNEL = 'wakeup_spec';

/** Whether the promise has settled once everything already queued has run. */
async function settledNow(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('Wakeup', () => {
  let db: TestDatabase;
  const wakeups: Wakeup[] = [];
  const wakeup = () => {
    const w = new Wakeup(db.url, CHANNEL);
    wakeups.push(w);
    return w;
  };

  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(wakeups.splice(0).map((w) => w.close()));
    await db.drop();
  });

  it("an append in this process wakes only the subscribers of a type it wrote; another process's wakes all", async () => {
    const here = wakeup();
    const there = wakeup();
    const other = here.listen(['B']);
    const mine = here.listen(['A']);
    const everything = here.listen();
    const remote = there.listen(['A']);
    // Both listeners connected (a NOTIFY sent before LISTEN is not delivered).
    for (;;) {
      const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN ${CHANNEL}'`);
      if (rows[0]!.n === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }

    const waits = [other.wait(60_000), mine.wait(60_000), everything.wait(60_000)];
    const remoteWait = remote.wait(60_000);
    here.notify(db.pool, new Set(['B', 'C']));
    expect(await Promise.all(waits.map(settledNow))).toEqual([true, false, true]);
    // The NOTIFY reaches the other process, which does not know the types: it wakes its own.
    await remoteWait;
    // Here it was sent by this process, whose subscribers were woken already: `mine` sleeps on.
    await new Promise((r) => setTimeout(r, 200));
    expect(await settledNow(waits[1]!)).toBe(false);
    here.notify(db.pool, new Set(['A']));
    expect(await settledNow(waits[1]!)).toBe(true);
  });

  it('settled() ends the waits for hidden events only', async () => {
    const w = wakeup();
    const hidden = w.listen().wait(60_000, true);
    const plain = w.listen().wait(60_000);
    w.settled();
    expect(await settledNow(hidden)).toBe(true);
    expect(await settledNow(plain)).toBe(false);
  });
});
