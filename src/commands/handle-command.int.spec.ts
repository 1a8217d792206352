import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { conflict, ConcurrencyError, validation } from '../shared/errors';
import { newId } from '../shared/ids';
import { stableId } from '../shared/stable-id';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { metadataOf, systemContext } from './command-context';
import { appendTogether, beginStream, decideAndAppend, recordOnce } from './decide-and-append';
import type { Decider } from './decider';
import { handleCommand } from './handle-command';

type Added = { type: 'Added'; data: { n: number; total: number } };
type Counter = { total: number; count: number };
type Add = { n: number; max: number };

// A counter that refuses to pass `max`: the rule is only safe if every decision is made on the
// state the append is checked against.
const counter: Decider<Counter, Add, Added> = {
  initialState: () => ({ total: 0, count: 0 }),
  evolve: (s, e) => ({ total: e.data.total, count: s.count + 1 }),
  decide: (c, s) => {
    if (s.total + c.n > c.max) throw validation('over the limit');
    return [{ type: 'Added', data: { n: c.n, total: s.total + c.n } }];
  },
};

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool, { pollMs: 100, databaseUrl: db.url });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('handleCommand', () => {
  it('appends what decide returns, with the metadata of the context', async () => {
    const ctx = { ...systemContext(new Date('2026-01-02T03:04:05Z'), 'site-1'), actorId: 'user-1' };
    const result = await handleCommand(store, 'counter-a', counter, { n: 2, max: 10 }, ctx);
    expect(result.state).toEqual({ total: 2, count: 1 });
    const [stored] = await store.readStream('counter-a');
    expect(stored).toMatchObject({ type: 'Added', data: { n: 2, total: 2 }, streamPosition: 0n });
    expect(stored!.metadata).toMatchObject({ siteId: 'site-1', actorId: 'user-1', at: '2026-01-02T03:04:05.000Z', impersonatorId: null });
  });

  it('decides again on the new state when another writer got there first, so rules still hold', async () => {
    // 8 concurrent commands of +3 with a limit of 12: exactly 4 may succeed, whatever the interleaving.
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => handleCommand(store, 'counter-b', counter, { n: 3, max: 12 }, systemContext())));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as Error);
    expect(ok).toHaveLength(4);
    for (const err of refused) expect(err instanceof ConcurrencyError || err.message === 'over the limit').toBe(true);
    const events = await store.readStream('counter-b');
    expect(events.map((e) => (e.data as { total: number }).total)).toEqual([3, 6, 9, 12]);
  });

  it('appends nothing when decide returns no events', async () => {
    const noop: Decider<Counter, Add, Added> = { ...counter, decide: () => [] };
    const result = await handleCommand(store, 'counter-c', noop, { n: 1, max: 1 }, systemContext());
    expect(result.append).toBeUndefined();
    expect(await store.streamRevision('counter-c')).toBeUndefined();
  });
});

const event = (type: string, id = newId()) => ({ type, data: {}, eventId: id, metadata: metadataOf(systemContext()) });

describe('decideAndAppend and the writes built on it', () => {
  it('decides again on a fresh read when another writer got there between the read and the append', async () => {
    const reads: (bigint | undefined)[] = [];
    const { result, appended } = await decideAndAppend(store, async (n) => {
      const revision = await store.streamRevision('race-a');
      reads.push(revision);
      // The first attempt is overtaken by another writer after its read.
      if (n === 1) await store.append('race-a', 'any', [event('Other')]);
      return { appends: [{ streamId: 'race-a', expected: revision ?? 'no_stream', events: [event('Mine')] }], result: n };
    });
    expect(result).toBe(2);
    expect(reads).toEqual([undefined, 0n]);
    expect(appended[0]!.nextRevision).toBe(1n);
    expect((await store.readStream('race-a')).map((e) => e.type)).toEqual(['Other', 'Mine']);
  });

  it('answers a lost race that means something to the person with its error, without trying again', async () => {
    await store.append('race-b', 'no_stream', [event('Taken')]);
    let attempts = 0;
    const taken = decideAndAppend(
      store,
      async () => {
        attempts++;
        return { appends: [{ streamId: 'race-b', expected: 'no_stream', events: [event('Mine')] }], result: undefined };
      },
      { lostRace: (err) => (err.streamId === 'race-b' ? conflict('Already taken') : undefined) },
    );
    await expect(taken).rejects.toMatchObject({ code: 'conflict', message: 'Already taken' });
    expect(attempts).toBe(1);
  });

  it('gives up after its attempts with the lost race itself', async () => {
    await store.append('race-c', 'no_stream', [event('Taken')]);
    let attempts = 0;
    const never = decideAndAppend(
      store,
      async () => {
        attempts++;
        return { appends: [{ streamId: 'race-c', expected: 'no_stream', events: [event('Mine')] }], result: undefined };
      },
      { attempts: 3, pauseMs: 1 },
    );
    await expect(never).rejects.toBeInstanceOf(ConcurrencyError);
    expect(attempts).toBe(3);
  });

  it('records an event whose id says what it is once, however often and however many at once', async () => {
    const id = stableId('provider-message-1');
    await Promise.all(Array.from({ length: 5 }, () => recordOnce(store, 'record-a', [event('Received', id)])));
    await recordOnce(store, 'record-a', [event('Received', id)]);
    expect((await store.readStream('record-a')).map((e) => e.eventId)).toEqual([id]);
  });

  it('writes decisions made apart together, or none of them when one lost its race', async () => {
    expect(await appendTogether(store, [])).toBe(true);
    expect(
      await appendTogether(store, [
        { streamId: 'together-a', expected: 'no_stream', events: [event('A')] },
        { streamId: 'together-b', expected: 'no_stream', events: [event('B')] },
      ]),
    ).toBe(true);
    const lost = await appendTogether(store, [
      { streamId: 'together-c', expected: 'no_stream', events: [event('C')] },
      { streamId: 'together-a', expected: 'no_stream', events: [event('AAgain')] },
    ]);
    expect(lost).toBe(false);
    expect(await store.streamRevision('together-c')).toBeUndefined();
    expect((await store.readStream('together-a')).map((e) => e.type)).toEqual(['A']);
  });

  it('begins a stream once: a second start, or a racing one, leaves the first', async () => {
    const starts = await Promise.all(Array.from({ length: 4 }, (_, i) => beginStream(store, 'marker-a', [event(`Start${i}`)])));
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(await beginStream(store, 'marker-a', [event('Later')])).toBe(false);
    expect(await store.readStream('marker-a')).toHaveLength(1);
  });
});
