import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../shared/event';
import { anEvent } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { HEARD_POLL_MS, subscriptionLoop, type Waiter } from '../subscription-loop';
import { EVENTS_CHANNEL, PostgresEventStore } from './postgres-event-store';
import { Wakeup } from './wakeup';

const POLL_MS = 50;

/** An idle subscription polls the log rarely while its store listens: every append wakes it. */
describe('subscription: polls while every append is heard', () => {
  let db: TestDatabase;
  const closing: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((c) => c.close()));
    await db.drop();
  });

  const until = async (ok: () => boolean, ms = 10_000) => {
    for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
  };

  it("waits HEARD_POLL_MS between idle polls once listening, and reads another store's append at once", async () => {
    const here = new PostgresEventStore(db.pool, { pollMs: POLL_MS, databaseUrl: db.url });
    const there = new PostgresEventStore(db.pool, { pollMs: POLL_MS, databaseUrl: db.url });
    // The stores' channel: this waiter hears `there`'s NOTIFY as `here`'s subscribers would.
    const wakeup = new Wakeup(db.url, EVENTS_CHANNEL);
    closing.push(here, there, wakeup);
    // The real waiter, its idle waits (not the short ones for hidden events) written down.
    const real = wakeup.listen();
    const idleWaits: number[] = [];
    const waiter: Waiter = { ...real, wait: (ms, hidden) => (hidden || idleWaits.push(ms), real.wait(ms, hidden)) };
    const type = `Heard${randomUUID().slice(0, 8)}`;
    const got: StoredEvent[] = [];
    const sub = subscriptionLoop(here, { from: await here.head(), types: [type], onEvents: async (events) => void got.push(...events) }, waiter, {
      pollMs: POLL_MS,
      onError: () => undefined,
    });
    closing.push({ close: () => sub.stop() });
    await until(() => real.hearsAll!() && idleWaits.length >= 2);
    expect(idleWaits.at(-1)).toBe(HEARD_POLL_MS);

    // Another store's append (another instance's, as far as this one knows) arrives through its NOTIFY.
    const sent = performance.now();
    await there.append(`heard-${randomUUID()}`, 'no_stream', [anEvent(type, {})]);
    await until(() => got.length === 1, HEARD_POLL_MS - 1000);
    expect(got.map((e) => e.type)).toEqual([type]);
    expect(performance.now() - sent).toBeLessThan(HEARD_POLL_MS - 1000);
  });

  it('a waiter is woken when its listening starts, for what was appended while nobody listened', async () => {
    const wakeup = new Wakeup(db.url, 'heard_polls_spec');
    closing.push(wakeup);
    const waiter = wakeup.listen();
    let woken = false;
    void waiter.wait(60_000).then(() => (woken = true));
    await until(() => woken);
    expect(waiter.hearsAll!()).toBe(true);
    expect(woken).toBe(true);
  });
});
