import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../shared/event';
import { anEvent } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { type Checkpoint, compareCheckpoints, type EventStore, positionOf } from '../event-store.port';
import { subscriptionLoop, type Waiter } from '../subscription-loop';
import { PostgresEventStore } from './postgres-event-store';

/** The subscription loop reads the next page while its handler works on the current one. */
describe('subscription: reading ahead while catching up', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const type = `Ahead${randomUUID().slice(0, 8)}`;
  let from: Checkpoint;
  let written: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
    from = await store.head();
    const events = Array.from({ length: 50 }, (_, i) => anEvent(type, { i }));
    for (let i = 0; i < 50; i += 5) await store.append(`ahead-${randomUUID()}`, 'no_stream', events.slice(i, i + 5));
    written = events.map((e) => e.eventId);
    // Other files' tests share the cluster: until their open transactions end, the log's horizon
    // hides some of these events, and a short first page is not read ahead of (it looks caught up).
    for (let i = 0; i < 500; i++) {
      if ((await store.readAll(from, { types: [type], limit: 100 })).events.length === 50) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const waiter = (): Waiter => ({ wait: (ms) => new Promise((r) => setTimeout(r, ms)), cancel: () => undefined });
  /**
   * The real store, counting the reads it is asked for, and which read first brought events: other
   * files' tests share the cluster, and while their transactions are open the log's horizon hides
   * these events, so the loop may poll a few empty pages first.
   */
  const counting = (s: EventStore) => {
    const reads: Checkpoint[] = [];
    const first = { read: -1 };
    const readAll = async (at: Checkpoint, o?: Parameters<EventStore['readAll']>[1]) => {
      const index = reads.push(at) - 1;
      const page = await s.readAll(at, o);
      if (page.events.length > 0 && first.read < 0) first.read = index;
      return page;
    };
    return { reads, first, store: { readAll } };
  };
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 1000 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('the next page is being read while a batch is handled, and every event arrives once, in order', async () => {
    const { reads, first, store: spy } = counting(store);
    const got: StoredEvent[] = [];
    const readsDuringFirst: number[] = [];
    const sub = subscriptionLoop(
      spy,
      {
        from,
        types: [type],
        limit: 10,
        onEvents: async (batch) => {
          if (got.length === 0) readsDuringFirst.push(reads.length - first.read);
          got.push(...batch);
        },
      },
      waiter(),
      { pollMs: 50, onError: () => undefined },
    );
    await until(() => got.length >= 50);
    await sub.stop();
    // The first page, and the second already asked for, from where the first ends.
    expect(readsDuringFirst).toEqual([2]);
    expect(compareCheckpoints(reads[first.read + 1]!, positionOf(got[9]!))).toBe(0);
    expect(got.map((e) => e.eventId)).toEqual(written);
  });

  it('a handler that moves the checkpoint is read from there, not from the page read ahead', async () => {
    const got: StoredEvent[] = [];
    let moved = false;
    const sub = subscriptionLoop(
      store,
      {
        from,
        types: [type],
        limit: 10,
        onEvents: async (batch) => {
          got.push(...batch);
          // After the first page, someone moves this subscriber back to the start (as a rebuild's swap does).
          if (!moved) {
            moved = true;
            return from;
          }
        },
      },
      waiter(),
      { pollMs: 50, onError: () => undefined },
    );
    await until(() => got.length >= 60);
    await new Promise((r) => setTimeout(r, 100));
    await sub.stop();
    expect(got.map((e) => e.eventId)).toEqual([...written.slice(0, 10), ...written]);
  });
});
