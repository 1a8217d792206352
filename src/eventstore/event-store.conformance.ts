import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../shared/errors';
import type { NewEvent, StoredEvent } from '../shared/event';
import { type Checkpoint, compareCheckpoints, type EventStore, type ExpectedRevision, type ReadAllPage, type Subscription } from './event-store.port';
import { MalformedEventError } from './validate-event';

export type ConformanceOptions = {
  /** The adapter can append to several streams all-or-nothing (PostgreSQL can). */
  readonly atomicAppendMany?: boolean;
};

/**
 * The behaviour every EventStore adapter must have, written against the port only, so that
 * each adapter runs the same suite (architecture: "one conformance suite runs against every
 * adapter"). The store is shared by the whole suite: every test uses streams and event types
 * of its own, reads the global log from the head it saw before appending, and waits for its
 * appends to become visible there before reading them.
 */
export function eventStoreConformance(
  name: string,
  factory: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>,
  options: ConformanceOptions = {},
): void {
  describe(`EventStore conformance: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const revisions = (s: string) => revisionsOf(store, s);

    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    describe('expected revisions', () => {
      it('no_stream creates a stream and refuses an existing one', async () => {
        const s = stream();
        const first = await store.append(s, 'no_stream', [ev()]);
        expect(first.nextRevision).toBe(0n);
        expect(first.duplicate).toBe(false);
        await expect(store.append(s, 'no_stream', [ev()])).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await revisions(s)).toEqual([0n]);
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async () => {
        const s = stream();
        await expect(store.append(s, 'stream_exists', [ev()])).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await store.streamRevision(s)).toBeUndefined();
        await store.append(s, 'no_stream', [ev()]);
        const r = await store.append(s, 'stream_exists', [ev(), ev()]);
        expect(r.nextRevision).toBe(2n);
        expect(await revisions(s)).toEqual([0n, 1n, 2n]);
      });

      it('any appends whatever the stream holds', async () => {
        const s = stream();
        expect((await store.append(s, 'any', [ev()])).nextRevision).toBe(0n);
        expect((await store.append(s, 'any', [ev(), ev(), ev()])).nextRevision).toBe(3n);
        expect(await store.streamRevision(s)).toBe(3n);
      });

      it('an exact revision must be the revision of the last event', async () => {
        const s = stream();
        await store.append(s, 'no_stream', [ev(), ev()]);
        expect((await store.append(s, 1n, [ev()])).nextRevision).toBe(2n);
        expect((await store.append(s, 2n, [ev(), ev()])).nextRevision).toBe(4n);
        expect(await store.streamRevision(s)).toBe(4n);
      });

      it('a wrong exact revision answers a concurrency error and never overwrites', async () => {
        const s = stream();
        const original = [ev('Original', { n: 1 }), ev('Original', { n: 2 })];
        await store.append(s, 'no_stream', original);
        for (const wrong of [0n, 2n, 10n]) {
          const err = await store.append(s, wrong, [ev('Intruder')]).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(ConcurrencyError);
          expect((err as ConcurrencyError).code).toBe('conflict');
          expect((err as ConcurrencyError).streamId).toBe(s);
        }
        // An exact revision on a stream that does not exist is a conflict too.
        await expect(store.append(stream(), 0n, [ev()])).rejects.toBeInstanceOf(ConcurrencyError);
        const stored = await store.readStream(s);
        expect(stored.map((e) => [e.eventId, e.type, e.data])).toEqual(original.map((e) => [e.eventId, 'Original', e.data]));
      });

      it('of N concurrent appends at the same revision exactly one wins', async () => {
        const N = 12;
        const s = stream();
        await store.append(s, 'no_stream', [ev()]);
        const attempts = Array.from({ length: N }, (_, i) => ev('Attempt', { i }));
        const results = await Promise.allSettled(attempts.map((e) => store.append(s, 0n, [e])));
        const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
        const stored = await store.readStream(s);
        expect(stored).toHaveLength(2);
        expect(stored[1]!.eventId).toBe(attempts[won[0]!]!.eventId);
      });

      it('of N concurrent creations of one stream exactly one wins', async () => {
        const N = 12;
        const s = stream();
        const attempts = Array.from({ length: N }, (_, i) => [ev('Created', { i }), ev('Created', { i })]);
        const results = await Promise.allSettled(attempts.map((events) => store.append(s, 'no_stream', events)));
        const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
        expect((await store.readStream(s)).map((e) => e.eventId)).toEqual(attempts[won[0]!]!.map((e) => e.eventId));
      });

      it('concurrent writers that reload and retry on conflicts lose nothing', async () => {
        const s = stream();
        const writers = 8;
        const perWriter = 5;
        const write = async (w: number) => {
          for (let i = 0; i < perWriter; i++) {
            for (;;) {
              const rev = await store.streamRevision(s);
              try {
                await store.append(s, rev === undefined ? 'no_stream' : rev, [ev('Counted', { w, i })]);
                break;
              } catch (err) {
                if (!(err instanceof ConcurrencyError)) throw err;
              }
            }
          }
        };
        await Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
        const stored = await store.readStream(s);
        expect(stored.map((e) => e.streamPosition)).toEqual(range(writers * perWriter).map(BigInt));
        for (let w = 0; w < writers; w++) {
          expect(stored.filter((e) => (e.data as { w: number }).w === w).map((e) => (e.data as { i: number }).i)).toEqual(range(perWriter));
        }
      });
    });

    describe('idempotent retry by event id', () => {
      it('a retry at the same place succeeds as a duplicate and writes nothing', async () => {
        const s = stream();
        const events = [ev(), ev()];
        const first = await store.append(s, 'no_stream', events);
        const again = await store.append(s, 'no_stream', events);
        expect(again).toEqual({ ...first, duplicate: true });
        expect(await revisions(s)).toEqual([0n, 1n]);
      });

      it('a retry is still a duplicate after the stream moved on, with any expected revision that names that place', async () => {
        const s = stream();
        const a = [ev(), ev()];
        const b = [ev()];
        await store.append(s, 'no_stream', a);
        const rb = await store.append(s, 1n, b);
        await store.append(s, 2n, [ev()]);
        expect((await store.append(s, 'no_stream', a)).duplicate).toBe(true);
        const again = await store.append(s, 1n, b);
        expect(again).toEqual({ ...rb, duplicate: true });
        expect((await store.append(s, 'any', b)).duplicate).toBe(true);
        expect((await store.append(s, 'stream_exists', b)).duplicate).toBe(true);
        expect(await revisions(s)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('the same event id at another stream is refused and nothing is written', async () => {
        const e = ev();
        await store.append(stream(), 'no_stream', [e]);
        const other = stream();
        await expect(store.append(other, 'no_stream', [e])).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(store.append(other, 'any', [ev(), e])).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await store.streamRevision(other)).toBeUndefined();
      });

      it('the same event id at another position of its stream is refused', async () => {
        const s = stream();
        const a = ev();
        const b = ev();
        await store.append(s, 'no_stream', [a, b]);
        await store.append(s, 1n, [ev()]);
        // b is at revision 1: a retry expecting 0 names that place; expecting 1 or 2 does not.
        expect((await store.append(s, 0n, [b])).duplicate).toBe(true);
        await expect(store.append(s, 1n, [b])).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(store.append(s, 2n, [b])).rejects.toBeInstanceOf(ConcurrencyError);
        // In another order than it was stored.
        await expect(store.append(s, 'no_stream', [b, a])).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await revisions(s)).toEqual([0n, 1n, 2n]);
      });

      it('a retry that mixes stored and new events is refused and writes none of them', async () => {
        const s = stream();
        const a = ev();
        await store.append(s, 'no_stream', [a]);
        const fresh = ev();
        await expect(store.append(s, 'no_stream', [a, fresh])).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(store.append(s, 0n, [fresh, a])).rejects.toBeInstanceOf(ConcurrencyError);
        expect((await store.readStream(s)).map((e) => e.eventId)).toEqual([a.eventId]);
      });

      it('concurrent retries of one append store it once, and every retry answers as a duplicate', async () => {
        // Several rounds: the race between a retry and the original is narrow.
        for (let round = 0; round < 15; round++) {
          const s = stream();
          await store.append(s, 'no_stream', [ev()]);
          const events = [ev(), ev(), ev()];
          const results = await Promise.all(range(8).map(() => store.append(s, 0n, events)));
          expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
          for (const r of results) expect(r.nextRevision).toBe(3n);
          expect((await store.readStream(s, { from: 1n })).map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
        }
      });
    });

    describe('readStream and streamRevision', () => {
      it('reads forwards and backwards, from a revision, with a limit, and round-trips every field', async () => {
        const s = stream();
        const events = range(10).map((i) => ev('Numbered', { i, nested: { list: [1, 'two', null, true], text: 'naïve — ünïcödé 🏠' } }));
        await store.append(s, 'no_stream', events.slice(0, 4));
        await store.append(s, 3n, events.slice(4));

        const all = await store.readStream(s);
        expect(all.map((e) => e.streamPosition)).toEqual(range(10).map(BigInt));
        all.forEach((stored, i) => {
          const sent = events[i]!;
          expect(stored.eventId).toBe(sent.eventId);
          expect(stored.type).toBe(sent.type);
          expect(stored.data).toEqual(sent.data);
          expect(stored.metadata).toEqual(sent.metadata);
          expect(stored.streamId).toBe(s);
          expect(stored.createdAt).toBeInstanceOf(Date);
          expect(typeof stored.globalPosition).toBe('bigint');
          expect(typeof stored.transactionId).toBe('bigint');
        });
        const pos = (list: StoredEvent[]) => list.map((e) => Number(e.streamPosition));
        expect(pos(await store.readStream(s, { direction: 'backwards' }))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        expect(pos(await store.readStream(s, { from: 6n }))).toEqual([6, 7, 8, 9]);
        expect(pos(await store.readStream(s, { from: 6n, limit: 2 }))).toEqual([6, 7]);
        expect(pos(await store.readStream(s, { direction: 'backwards', from: 6n }))).toEqual([6, 5, 4, 3, 2, 1, 0]);
        expect(pos(await store.readStream(s, { direction: 'backwards', from: 6n, limit: 3 }))).toEqual([6, 5, 4]);
        expect(pos(await store.readStream(s, { direction: 'backwards', limit: 2 }))).toEqual([9, 8]);
        expect(pos(await store.readStream(s, { limit: 3 }))).toEqual([0, 1, 2]);
        expect(pos(await store.readStream(s, { from: 10n }))).toEqual([]);
        // Events of one stream are in stream order in the global log too.
        expect([...all].sort((a, b) => compareCheckpoints(at(a), at(b))).map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
      });

      it('a missing stream reads as empty and has no revision', async () => {
        const s = stream();
        expect(await store.readStream(s)).toEqual([]);
        expect(await store.readStream(s, { direction: 'backwards' })).toEqual([]);
        expect(await store.streamRevision(s)).toBeUndefined();
      });

      it('streams do not leak into each other', async () => {
        const [a, b] = [stream(), stream()];
        await store.append(a, 'no_stream', [ev('A')]);
        await store.append(b, 'no_stream', [ev('B'), ev('B')]);
        await store.append(a, 0n, [ev('A')]);
        expect((await store.readStream(a)).map((e) => e.type)).toEqual(['A', 'A']);
        expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B', 'B']);
      });
    });

    describe('readStreams', () => {
      it('reads several streams at once, each in stream order, and leaves out streams with no events', async () => {
        const [a, b, missing] = [stream(), stream(), stream()];
        await store.append(a, 'no_stream', [ev('A', { n: 0 })]);
        await store.append(b, 'no_stream', [ev('B', { n: 0 }), ev('B', { n: 1 })]);
        await store.append(a, 0n, [ev('A', { n: 1 }), ev('A', { n: 2 })]);
        const read = await store.readStreams([b, missing, a, a]);
        expect([...read.keys()].sort()).toEqual([a, b].sort());
        expect(read.get(a)!.map((e) => [e.streamId, e.streamPosition, (e.data as { n: number }).n])).toEqual([
          [a, 0n, 0],
          [a, 1n, 1],
          [a, 2n, 2],
        ]);
        expect(read.get(b)!.map((e) => e.streamPosition)).toEqual([0n, 1n]);
        expect(read.get(a)!.map((e) => e.eventId)).toEqual((await store.readStream(a)).map((e) => e.eventId));
      });

      it('reads only the types asked for, leaving out streams with none of them', async () => {
        const [a, b] = [stream(), stream()];
        await store.append(a, 'no_stream', [ev('Kept', { n: 0 }), ev('Skipped', { n: 1 }), ev('Kept', { n: 2 })]);
        await store.append(b, 'no_stream', [ev('Skipped', { n: 0 })]);
        const read = await store.readStreams([a, b], { types: ['Kept'] });
        expect([...read.keys()]).toEqual([a]);
        expect(read.get(a)!.map((e) => [e.type, e.streamPosition])).toEqual([
          ['Kept', 0n],
          ['Kept', 2n],
        ]);
      });

      it('an empty list reads nothing', async () => {
        expect((await store.readStreams([])).size).toBe(0);
      });

      it('reads a thousand streams in one call', async () => {
        const ids = range(1000).map(() => stream());
        await store.appendMany(ids.map((streamId, i) => ({ streamId, expected: 'no_stream' as const, events: [ev('Many', { i })] })));
        const read = await store.readStreams(ids);
        expect(read.size).toBe(1000);
        ids.forEach((id, i) => expect((read.get(id)![0]!.data as { i: number }).i).toBe(i));
      });
    });

    describe('readAll', () => {
      it('pages through the global log in append order, every event exactly once', async () => {
        const from = await store.head();
        const type = uniqueType();
        const appended: string[] = [];
        for (let i = 0; i < 7; i++) {
          const events = range(1 + (i % 3)).map(() => ev(type, { i }));
          await store.append(stream(), 'no_stream', events);
          appended.push(...events.map((e) => e.eventId));
        }
        const lastEvent = ev(type);
        const last = await store.append(stream(), 'no_stream', [lastEvent]);
        appended.push(lastEvent.eventId);
        await visible(store, last.position);
        const pages = await readPages(store, from, { limit: 4 });
        const ids = pages.flatMap((p) => p.events.map((e) => e.eventId));
        const mine = ids.filter((id) => appended.includes(id));
        expect(mine).toEqual(appended);
        expect(new Set(ids).size).toBe(ids.length);
        for (const p of pages.slice(0, -1)) expect(p.events.length).toBeLessThanOrEqual(4);
        const all = pages.flatMap((p) => p.events);
        for (let i = 1; i < all.length; i++) expect(compareCheckpoints(at(all[i - 1]!), at(all[i]!))).toBeLessThan(0);
        const end = pages.at(-1)!;
        expect(end.atEnd).toBe(true);
        expect(compareCheckpoints(end.next, last.position)).toBeGreaterThanOrEqual(0);
        // Reading on from the end gives nothing new and does not move.
        const after = await store.readAll(end.next, { types: [type] });
        expect(after.events).toEqual([]);
        expect(after.atEnd).toBe(true);
      });

      it('the position an append returns is where its last event sits, and head reaches it', async () => {
        const from = await store.head();
        const type = uniqueType();
        const events = [ev(type), ev(type), ev(type)];
        const r = await store.append(stream(), 'no_stream', events);
        await visible(store, r.position);
        const stored = (await readPages(store, from, { types: [type] })).flatMap((p) => p.events);
        expect(stored.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
        expect(at(stored[2]!)).toEqual(r.position);
      });

      it('lastCommitted covers an append as soon as it returns; head reaches it', async () => {
        const before = await store.lastCommitted();
        const r = await store.append(stream(), 'no_stream', [ev(), ev()]);
        const after = await store.lastCommitted();
        expect(compareCheckpoints(after, r.position)).toBeGreaterThanOrEqual(0);
        expect(compareCheckpoints(after, before)).toBeGreaterThan(0);
        await visible(store, r.position);
        expect(compareCheckpoints(await store.lastCommitted(), await store.head())).toBeGreaterThanOrEqual(0);
      });

      it('filters by type, and the checkpoint still moves past the others', async () => {
        const from = await store.head();
        const [wanted, other] = [uniqueType(), uniqueType()];
        const s = stream();
        await store.append(s, 'no_stream', [ev(wanted, { n: 1 }), ev(other), ev(other)]);
        await visible(store, (await store.append(s, 2n, [ev(other), ev(wanted, { n: 2 }), ev(other)])).position);
        const pages = await readPages(store, from, { types: [wanted], limit: 1 });
        expect(pages.flatMap((p) => p.events.map((e) => e.data))).toEqual([{ n: 1 }, { n: 2 }]);
        expect(pages.flatMap((p) => p.events.map((e) => e.type))).toEqual([wanted, wanted]);
        // Only others after the checkpoint: nothing is returned, but the checkpoint moves.
        const end = pages.at(-1)!.next;
        await visible(store, (await store.append(s, 5n, [ev(other), ev(other)])).position);
        const moved = await store.readAll(end, { types: [wanted] });
        expect(moved.events).toEqual([]);
        expect(compareCheckpoints(moved.next, end)).toBeGreaterThan(0);
        const several = await readPages(store, from, { types: [wanted, other], limit: 100 });
        expect(several.flatMap((p) => p.events)).toHaveLength(8);
      });

      it('a checkpoint is a cursor: reading on from any page boundary gives the rest', async () => {
        const from = await store.head();
        const type = uniqueType();
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const e = ev(type, { i });
          ids.push(e.eventId);
          await visible(store, (await store.append(stream(), 'no_stream', [e])).position);
        }
        const first = await store.readAll(from, { types: [type], limit: 2 });
        expect(first.events.map((e) => e.eventId)).toEqual(ids.slice(0, 2));
        expect(first.atEnd).toBe(false);
        const rest = await readPages(store, first.next, { types: [type], limit: 2 });
        expect(rest.flatMap((p) => p.events.map((e) => e.eventId))).toEqual(ids.slice(2));
      });
    });

    describe('subscribe', () => {
      it('catches up from a checkpoint, then delivers new events live, each once and in order', async () => {
        const from = await store.head();
        const type = uniqueType();
        const s = stream();
        const before = range(5).map((i) => ev(type, { i }));
        await store.append(s, 'no_stream', before);
        const sub = subscribeCollect(store, { from, types: [type], limit: 2 });
        try {
          await sub.waitFor(5);
          const live = range(3).map((i) => ev(type, { i: 5 + i }));
          await store.append(s, 4n, live.slice(0, 1));
          await store.append(s, 5n, live.slice(1));
          await sub.waitFor(8);
          await sleep(100);
          expect(sub.events.map((e) => e.eventId)).toEqual([...before, ...live].map((e) => e.eventId));
          expect(sub.events.map((e) => e.streamPosition)).toEqual(range(8).map(BigInt));
          expect(sub.batchSizes.every((n) => n <= 2)).toBe(true);
        } finally {
          await sub.stop();
        }
      });

      it('only offers the types asked for, and stops when told', async () => {
        const from = await store.head();
        const [wanted, other] = [uniqueType(), uniqueType()];
        const sub = subscribeCollect(store, { from, types: [wanted] });
        const s = stream();
        await store.append(s, 'no_stream', [ev(other), ev(wanted), ev(other)]);
        await sub.waitFor(1);
        await sub.stop();
        await store.append(s, 2n, [ev(wanted)]);
        await sleep(150);
        expect(sub.events.map((e) => e.type)).toEqual([wanted]);
      });

      it('offers a batch again after its handler failed, and goes on from there', async () => {
        const from = await store.head();
        const type = uniqueType();
        await store.append(stream(), 'no_stream', [ev(type, { n: 1 }), ev(type, { n: 2 })]);
        const errors: unknown[] = [];
        let failures = 1;
        const seen: unknown[][] = [];
        const sub = store.subscribe({
          from,
          types: [type],
          onEvents: async (events) => {
            if (events.length === 0) return;
            seen.push(events.map((e) => e.data));
            if (failures-- > 0) throw new Error('handler failed');
          },
          onError: (err) => errors.push(err),
        });
        try {
          await until(() => seen.length >= 2);
          await store.append(stream(), 'no_stream', [ev(type, { n: 3 })]);
          await until(() => seen.length >= 3);
          expect(seen).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 1 }, { n: 2 }], [{ n: 3 }]]);
          expect(errors).toHaveLength(1);
        } finally {
          await sub.stop();
        }
      });

      it('goes on from the checkpoint its handler returns', async () => {
        const from = await store.head();
        const type = uniqueType();
        const s = stream();
        await visible(
          store,
          (
            await store.append(
              s,
              'no_stream',
              range(4).map((i) => ev(type, { i })),
            )
          ).position,
        );
        const all = (await readPages(store, from, { types: [type] })).flatMap((p) => p.events);
        const skipTo = at(all[2]!);
        const seen: number[] = [];
        let moved = false;
        const sub = store.subscribe({
          from,
          types: [type],
          limit: 1,
          onEvents: async (events) => {
            seen.push(...events.map((e) => (e.data as { i: number }).i));
            if (!moved) {
              moved = true;
              return skipTo;
            }
          },
        });
        try {
          await until(() => seen.includes(3));
          expect(seen).toEqual([0, 3]);
        } finally {
          await sub.stop();
        }
      });
    });

    describe('appendMany', () => {
      it('appends to several streams and answers per stream', async () => {
        const [a, b] = [stream(), stream()];
        await store.append(b, 'no_stream', [ev()]);
        const results = await store.appendMany([
          { streamId: a, expected: 'no_stream', events: [ev(), ev()] },
          { streamId: b, expected: 0n, events: [ev()] },
        ]);
        expect(results.map((r) => r.nextRevision)).toEqual([1n, 1n]);
        expect(results.every((r) => !r.duplicate)).toBe(true);
        expect(await revisions(a)).toEqual([0n, 1n]);
        expect(await revisions(b)).toEqual([0n, 1n]);
        expect(await store.appendMany([])).toEqual([]);
      });

      it.runIf(options.atomicAppendMany !== false)('is all or nothing when one stream conflicts', async () => {
        const [a, b, c] = [stream(), stream(), stream()];
        await store.append(b, 'no_stream', [ev()]);
        await expect(
          store.appendMany([
            { streamId: a, expected: 'no_stream', events: [ev()] },
            { streamId: b, expected: 'no_stream', events: [ev()] },
            { streamId: c, expected: 'any', events: [ev()] },
          ]),
        ).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await store.streamRevision(a)).toBeUndefined();
        expect(await revisions(b)).toEqual([0n]);
        expect(await store.streamRevision(c)).toBeUndefined();
      });

      it('refuses the same stream twice in one call', async () => {
        const a = stream();
        await expect(
          store.appendMany([
            { streamId: a, expected: 'no_stream', events: [ev()] },
            { streamId: a, expected: 'any', events: [ev()] },
          ]),
        ).rejects.toBeInstanceOf(MalformedEventError);
        expect(await store.streamRevision(a)).toBeUndefined();
      });
    });

    describe('malformed events are refused before they are stored', () => {
      class Money {
        constructor(readonly cents: number) {}
      }
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      const deepCycle: Record<string, unknown> = { list: [] };
      (deepCycle.list as unknown[]).push({ back: deepCycle });

      const cases: [string, (e: NewEvent) => unknown][] = [
        ['no type', (e) => ({ ...e, type: undefined })],
        ['an empty type', (e) => ({ ...e, type: '' })],
        ['a type that is not a name', (e) => ({ ...e, type: 'has spaces; DROP TABLE events' })],
        ['no data', (e) => ({ ...e, data: undefined })],
        ['a bigint in data', (e) => ({ ...e, data: { amount: 10n } })],
        ['a function in data', (e) => ({ ...e, data: { f: () => 1 } })],
        ['a symbol in data', (e) => ({ ...e, data: { s: Symbol('x') } })],
        ['NaN in data', (e) => ({ ...e, data: { n: Number.NaN } })],
        ['Infinity in data', (e) => ({ ...e, data: { list: [1, Number.POSITIVE_INFINITY] } })],
        ['a cycle in data', (e) => ({ ...e, data: cyclic })],
        ['a cycle through an array in data', (e) => ({ ...e, data: deepCycle })],
        ['a class instance in data', (e) => ({ ...e, data: { price: new Money(100) } })],
        ['a Date in data', (e) => ({ ...e, data: { at: new Date() } })],
        ['a Map in data', (e) => ({ ...e, data: new Map([['a', 1]]) })],
        ['undefined in an array in data', (e) => ({ ...e, data: { list: [1, undefined] } })],
        ['a NUL character in data', (e) => ({ ...e, data: { text: 'a\u0000b' } })],
        ['a lone surrogate in data', (e) => ({ ...e, data: { text: 'a\ud800b' } })],
        ['a NUL character in a key', (e) => ({ ...e, data: { ['k\u0000']: 1 } })],
        ['a bad uuid', (e) => ({ ...e, eventId: 'not-a-uuid' })],
        ['no event id', (e) => ({ ...e, eventId: undefined })],
        ['no metadata', (e) => ({ ...e, metadata: undefined })],
        ['metadata without a time', (e) => ({ ...e, metadata: { ...e.metadata, at: 'yesterday' } })],
        ['a function in metadata', (e) => ({ ...e, metadata: { ...e.metadata, extra: () => 1 } })],
      ];

      it.each(cases)('%s', async (_label, spoil) => {
        const s = stream();
        const bad = spoil(ev()) as NewEvent;
        await expect(store.append(s, 'no_stream', [bad])).rejects.toBeInstanceOf(MalformedEventError);
        await expect(store.append(s, 'any', [ev(), bad, ev()])).rejects.toBeInstanceOf(MalformedEventError);
        const other = stream();
        await expect(
          store.appendMany([
            { streamId: other, expected: 'no_stream', events: [ev()] },
            { streamId: s, expected: 'no_stream', events: [bad] },
          ]),
        ).rejects.toBeInstanceOf(MalformedEventError);
        expect(await store.streamRevision(s)).toBeUndefined();
        expect(await store.streamRevision(other)).toBeUndefined();
      });

      it('the same event id twice in one append', async () => {
        const s = stream();
        const e = ev();
        await expect(store.append(s, 'no_stream', [e, { ...e }])).rejects.toBeInstanceOf(MalformedEventError);
        await expect(
          store.appendMany([
            { streamId: s, expected: 'no_stream', events: [e] },
            { streamId: stream(), expected: 'no_stream', events: [e] },
          ]),
        ).rejects.toBeInstanceOf(MalformedEventError);
        expect(await store.streamRevision(s)).toBeUndefined();
      });

      it('an append with no events, no stream id or a negative revision', async () => {
        await expect(store.append(stream(), 'no_stream', [])).rejects.toBeInstanceOf(MalformedEventError);
        await expect(store.append('', 'no_stream', [ev()])).rejects.toBeInstanceOf(MalformedEventError);
        await expect(store.append(stream(), -1n, [ev()])).rejects.toBeInstanceOf(MalformedEventError);
        await expect(store.append(stream(), 'latest' as ExpectedRevision, [ev()])).rejects.toBeInstanceOf(MalformedEventError);
      });

      it('plain data of every JSON shape is accepted and read back unchanged', async () => {
        const s = stream();
        const data = {
          nothing: null,
          yes: true,
          no: false,
          zero: 0,
          negative: -12.5,
          big: Number.MAX_SAFE_INTEGER,
          tiny: 1e-9,
          empty: '',
          quote: 'she said "hi" \\ \n\t',
          emoji: '🏡👋',
          list: [[], {}, [1, [2, [3]]]],
          nested: Object.assign(Object.create(null) as object, { ok: 1 }),
        };
        await store.append(s, 'no_stream', [ev('Shapes', data), ev('Scalar', 'just a string'), ev('Number', 42), ev('Array', [1, 2])]);
        const stored = await store.readStream(s);
        expect(stored.map((e) => e.data)).toEqual([JSON.parse(JSON.stringify(data)), 'just a string', 42, [1, 2]]);
      });
    });
  });
}

// ---- helpers, adapter-neutral ----

const stream = (): string => `conformance-${randomUUID()}`;
const uniqueType = (): string => `T${randomUUID().replaceAll('-', '')}`;
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const at = (e: StoredEvent): Checkpoint => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });

function ev(type = 'Happened', data: unknown = {}): NewEvent {
  return {
    type,
    data,
    eventId: randomUUID(),
    metadata: {
      siteId: null,
      actorId: randomUUID(),
      impersonatorId: null,
      correlationId: randomUUID(),
      causationId: null,
      at: new Date().toISOString(),
    },
  };
}

async function until(ok: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/**
 * Waits until the global log can be read up to `position`. A store may show appends to readers
 * of the whole log a little later (PostgreSQL hides them behind any older open transaction on
 * the server, in any database), never out of order.
 */
async function visible(store: EventStore, position: Checkpoint): Promise<void> {
  await until(async () => compareCheckpoints(await store.head(), position) >= 0);
}

async function readPages(store: EventStore, from: Checkpoint, options: { limit?: number; types?: string[] }): Promise<ReadAllPage[]> {
  const pages: ReadAllPage[] = [];
  let cp = from;
  for (let i = 0; i < 10_000; i++) {
    const page = await store.readAll(cp, options);
    pages.push(page);
    expect(compareCheckpoints(page.next, cp)).toBeGreaterThanOrEqual(0);
    cp = page.next;
    if (page.atEnd) return pages;
  }
  throw new Error('readAll never reached the end');
}

function subscribeCollect(
  store: EventStore,
  options: { from: Checkpoint; types?: string[]; limit?: number },
): { events: StoredEvent[]; batchSizes: number[]; waitFor(n: number): Promise<void>; stop(): Promise<void> } {
  const events: StoredEvent[] = [];
  const batchSizes: number[] = [];
  const sub: Subscription = store.subscribe({
    ...options,
    onEvents: async (batch) => {
      if (batch.length > 0) batchSizes.push(batch.length);
      events.push(...batch);
    },
  });
  return { events, batchSizes, waitFor: (n) => until(() => events.length >= n), stop: () => sub.stop() };
}

async function revisionsOf(store: EventStore, s: string): Promise<bigint[]> {
  return (await store.readStream(s)).map((e) => e.streamPosition);
}
