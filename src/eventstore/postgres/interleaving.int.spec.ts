import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../database/database';
import type { NewEvent, StoredEvent } from '../../shared/event';
import { anEvent } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { type Checkpoint, compareCheckpoints } from '../event-store.port';
import { positionOf } from '../event-store.port';
import { PostgresEventStore } from './postgres-event-store';

/**
 * Transactions that commit out of the order they appended in. The adapter appends with one
 * autocommit call to append_events(); here the same call runs inside transactions we open and
 * commit ourselves, on separate connections, so that commit order is ours to choose.
 */
describe('PostgreSQL event store: interleaved transactions', () => {
  let db: TestDatabase;
  let writers: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    writers = createPool(db.url, 55);
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  });
  // A transaction left open by a failed test would hide every later event on the server, in
  // every database (other test files included), until the pool closed.
  const open = new Set<{ rollback(): Promise<void> }>();
  afterEach(async () => {
    await Promise.all([...open].map((t) => t.rollback().catch(() => undefined)));
    open.clear();
  });
  afterAll(async () => {
    await store?.close();
    await writers?.end();
    await db?.drop();
  });

  /** A transaction on a connection of its own. */
  async function begin(): Promise<{ client: pg.PoolClient; commit(): Promise<void>; rollback(): Promise<void> }> {
    const client = await writers.connect();
    await client.query('BEGIN');
    let done = false;
    const end = async (sql: string) => {
      if (done) return;
      done = true;
      open.delete(tx);
      try {
        await client.query(sql);
      } finally {
        client.release();
      }
    };
    const tx = { client, commit: () => end('COMMIT'), rollback: () => end('ROLLBACK') };
    open.add(tx);
    return tx;
  }

  it('A appends, B appends and commits, the subscriber runs, A commits: both arrive once, A first', async () => {
    const from = await store.head();
    const sub = collect(store, from);
    try {
      const a = await begin();
      const eventA = anEvent('A');
      await appendRaw(a.client, stream(), 'no_stream', [eventA]);
      const eventB = anEvent('B');
      await store.append(stream(), 'no_stream', [eventB]);

      // B is committed but hidden behind A, which is still open: nothing may be delivered yet,
      // or A's event (ordered before B's) would land behind the subscriber's checkpoint.
      const page = await store.readAll(from);
      expect(page.events).toEqual([]);
      expect(page.pending).toBe(true);
      expect(page.atEnd).toBe(true);
      await sleep(200);
      expect(sub.events).toEqual([]);

      await a.commit();
      await sub.waitFor(2);
      await sleep(150);
      expect(sub.events.map((e) => e.eventId)).toEqual([eventA.eventId, eventB.eventId]);
      const [storedA, storedB] = sub.events as [StoredEvent, StoredEvent];
      // B committed first, yet A's transaction began writing first: A's event comes first.
      expect(storedA.transactionId < storedB.transactionId).toBe(true);
      expectGlobalOrder(sub.events);
    } finally {
      await sub.stop();
    }
  });

  it('a transaction that took its id early and appends after a later one committed is not skipped', async () => {
    const from = await store.head();
    const sub = collect(store, from);
    try {
      const a = await begin();
      // A holds a transaction id from an earlier write, before B exists.
      await a.client.query('SELECT pg_current_xact_id()');
      const eventB = anEvent('B');
      const b = await store.append(stream(), 'no_stream', [eventB]);
      await sleep(200);
      expect(sub.events).toEqual([]);

      // A's event gets A's (smaller) transaction id and an identity value larger than B's:
      // it sorts before B although it was written after B committed.
      const eventA = anEvent('A');
      await appendRaw(a.client, stream(), 'no_stream', [eventA]);
      await a.commit();
      await sub.waitFor(2);
      await sleep(150);
      const [storedA, storedB] = sub.events as [StoredEvent, StoredEvent];
      expect(sub.events.map((e) => e.eventId)).toEqual([eventA.eventId, eventB.eventId]);
      expect(storedA.globalPosition > storedB.globalPosition).toBe(true);
      expect(storedA.transactionId < b.position.transactionId).toBe(true);
    } finally {
      await sub.stop();
    }
  });

  it('a rolled-back transaction leaves a gap that blocks nothing', async () => {
    const from = await store.head();
    const sub = collect(store, from);
    try {
      const { rows: before } = await db.pool.query<{ max: bigint }>('SELECT max(global_position) AS max FROM events');
      const a = await begin();
      const rolledBack = anEvent('Never');
      await appendRaw(a.client, stream(), 'no_stream', [rolledBack, anEvent('Never')]);
      const b = anEvent('B');
      await store.append(stream(), 'no_stream', [b]);
      await a.rollback();
      await sub.waitFor(1);
      const c = anEvent('C');
      await store.append(stream(), 'no_stream', [c]);
      await sub.waitFor(2);
      await sleep(150);
      expect(sub.events.map((e) => e.eventId)).toEqual([b.eventId, c.eventId]);
      // The rolled-back events used identity values: there is a real gap in global_position.
      const { rows } = await db.pool.query<{ n: bigint }>('SELECT count(*) AS n FROM events WHERE event_id = $1', [rolledBack.eventId]);
      expect(rows[0]!.n).toBe(0n);
      const [storedB, storedC] = sub.events as [StoredEvent, StoredEvent];
      expect(storedB.globalPosition - before[0]!.max!).toBe(3n);
      expect(await store.head()).toEqual(positionOf(storedC));
    } finally {
      await sub.stop();
    }
  });

  it('a long-running unrelated transaction delays delivery, and nothing is skipped when it ends', async () => {
    for (const ending of ['COMMIT', 'ROLLBACK'] as const) {
      const from = await store.head();
      const sub = collect(store, from);
      try {
        const slow = await begin();
        await slow.client.query('SELECT pg_current_xact_id()');
        const s = stream();
        const events = [anEvent('Waiting'), anEvent('Waiting'), anEvent('Waiting')];
        await store.append(s, 'no_stream', events.slice(0, 1));
        const last = await store.append(s, 0n, events.slice(1));
        await sleep(300);
        expect(sub.events).toEqual([]);
        expect((await store.readAll(from)).pending).toBe(true);
        // head() only names what is safe to read past; lastCommitted() what has to be waited for.
        expect(compareCheckpoints(await store.head(), from)).toBe(0);
        expect(await store.lastCommitted()).toEqual(last.position);

        await (ending === 'COMMIT' ? slow.commit() : slow.rollback());
        await sub.waitFor(3);
        await sleep(100);
        expect(sub.events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
        expect((await store.readAll(sub.checkpoint())).pending).toBe(false);
      } finally {
        await sub.stop();
      }
    }
  });

  it('50 concurrent writers with random delays and rollbacks: every committed event exactly once, streams in order', async () => {
    const writer = fc.record({
      stream: fc.integer({ min: 0, max: 5 }),
      events: fc.integer({ min: 1, max: 3 }),
      startDelay: fc.integer({ min: 0, max: 25 }),
      holdDelay: fc.integer({ min: 0, max: 25 }),
      rollback: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      earlyXid: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
      earlyHold: fc.integer({ min: 0, max: 25 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(writer, { minLength: 50, maxLength: 50 }), async (plan) => {
        const run = randomUUID().slice(0, 8);
        const from = await store.head();
        const sub = collect(store, from);
        const committed = new Set<string>();
        try {
          await Promise.all(
            plan.map(async (w) => {
              await sleep(w.startDelay);
              const tx = await begin();
              try {
                // Some writers hold a transaction id long before they append: their events sort
                // before others that commit earlier. They write streams of their own, as the
                // adapter never appends to a stream from a transaction that already has an id
                // (that could put a shared stream out of order in the global log).
                if (w.earlyXid) {
                  await tx.client.query('SELECT pg_current_xact_id()');
                  await sleep(w.earlyHold);
                }
                const events = Array.from({ length: w.events }, () => anEvent('Written', { run }));
                const streamId = w.earlyXid ? `w-${run}-early-${randomUUID()}` : `w-${run}-${w.stream}`;
                await appendRaw(tx.client, streamId, 'any', events);
                await sleep(w.holdDelay);
                if (w.rollback) return await tx.rollback();
                await tx.commit();
                for (const e of events) committed.add(e.eventId);
              } catch (err) {
                // Two writers of one stream at once: the later one loses on the unique key.
                if ((err as { code?: string }).code !== '23505') throw err;
                await tx.rollback();
              }
            }),
          );
          await until(() => sub.events.length >= committed.size);
          await sleep(120);
        } finally {
          await sub.stop();
        }
        const delivered = sub.events.map((e) => e.eventId);
        expect(new Set(delivered).size).toBe(delivered.length);
        expect(new Set(delivered)).toEqual(committed);
        expectGlobalOrder(sub.events);
        const byStream = new Map<string, bigint[]>();
        for (const e of sub.events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamPosition]);
        for (const positions of byStream.values()) {
          expect(positions).toEqual(positions.map((_, i) => BigInt(i)));
        }
      }),
      { numRuns: 8 },
    );
  });
});

// ---- helpers ----

const stream = (): string => `il-${randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/** The call PostgresEventStore.appendMany makes, for one stream, on a connection we hold. */
async function appendRaw(client: pg.ClientBase, streamId: string, expected: string, events: readonly NewEvent[]): Promise<void> {
  await client.query(`SELECT * FROM append_events($1::text[], $2::text[], $3::int[], $4::int[], $5::uuid[], $6::text[], $7::jsonb[], $8::jsonb[])`, [
    [streamId],
    [expected],
    events.map(() => 1),
    events.map((_, i) => i + 1),
    events.map((e) => e.eventId),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata)),
  ]);
}

function collect(store: PostgresEventStore, from: Checkpoint) {
  const events: StoredEvent[] = [];
  let checkpoint = from;
  const sub = store.subscribe({
    from,
    onEvents: async (batch, next) => {
      events.push(...batch);
      checkpoint = next;
    },
  });
  return {
    events,
    checkpoint: () => checkpoint,
    waitFor: (n: number) => until(() => events.length >= n),
    stop: () => sub.stop(),
  };
}

function expectGlobalOrder(events: readonly StoredEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    expect(compareCheckpoints(positionOf(events[i - 1]!), positionOf(events[i]!))).toBeLessThan(0);
  }
}
