import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { conflict, ConcurrencyError } from '../shared/errors';
import { newId } from '../shared/ids';
import { stableId } from '../shared/stable-id';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { metadataOf, systemContext } from './command-context';
import { appendTogether, beginStream, decideAndAppend, recordOnce } from './decide-and-append';

const event = (type: string, id = newId()) => ({ type, data: {}, eventId: id, metadata: metadataOf(systemContext()) });

describe('decideAndAppend and the writes built on it', () => {
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
