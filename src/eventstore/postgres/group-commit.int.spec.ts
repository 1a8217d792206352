import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../../shared/errors';
import type { NewEvent, StoredEvent } from '../../shared/event';
import { anEvent } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { type AppendResult, compareCheckpoints, positionOf } from '../event-store.port';
import { PostgresEventStore } from './postgres-event-store';

/**
 * Group commit (group-commit.ts, append-group.ts): appends issued together are written by one
 * statement in one transaction, yet each is checked and answered on its own.
 */
describe('PostgreSQL event store: group commit', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 24 });
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const stream = () => `gc-${randomUUID()}`;

  /** Where each event id sits, read straight from the table (these tests write no personal data). */
  async function stored(ids: readonly string[]): Promise<Map<string, { stream: string; position: bigint; tx: bigint; global: bigint }>> {
    const { rows } = await db.pool.query<{ event_id: string; stream_id: string; stream_position: bigint; transaction_id: bigint; global_position: bigint }>(
      'SELECT event_id, stream_id, stream_position, transaction_id, global_position FROM events WHERE event_id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.event_id, { stream: r.stream_id, position: r.stream_position, tx: r.transaction_id, global: r.global_position }]));
  }

  it('appends issued together share a transaction, and each is answered with its own revision and position', async () => {
    const appends = Array.from({ length: 32 }, () => ({ streamId: stream(), event: anEvent('Grouped') }));
    const results = await Promise.all(appends.map((a) => store.append(a.streamId, 'no_stream', [a.event])));
    const rows = await stored(appends.map((a) => a.event.eventId));
    expect(rows.size).toBe(32);
    appends.forEach((a, i) => {
      const row = rows.get(a.event.eventId)!;
      expect(row.stream).toBe(a.streamId);
      expect(row.position).toBe(0n);
      expect(results[i]).toEqual({ nextRevision: 0n, position: { transactionId: row.tx, globalPosition: row.global }, duplicate: false });
    });
    // One transaction per append would give 32: group commit gives far fewer.
    expect(new Set([...rows.values()].map((r) => r.tx)).size).toBeLessThan(8);
  });

  it("a writer's conflict inside a group fails that writer only; nothing of its append is written", async () => {
    const streams = Array.from({ length: 16 }, () => stream());
    await Promise.all(streams.map((s) => store.append(s, 'no_stream', [anEvent('First')])));
    const second = streams.map(() => anEvent('Second'));
    // Even writers expect the right revision; odd ones a wrong one, or a stream that is new.
    const outcomes = await Promise.allSettled(streams.map((s, i) => store.append(s, i % 2 === 0 ? 0n : i % 4 === 1 ? 3n : 'no_stream', [second[i]!])));
    const rows = await stored(second.map((e) => e.eventId));
    outcomes.forEach((o, i) => {
      if (i % 2 === 0) {
        expect(o.status).toBe('fulfilled');
        expect((o as PromiseFulfilledResult<AppendResult>).value.nextRevision).toBe(1n);
        expect(rows.get(second[i]!.eventId)?.position).toBe(1n);
      } else {
        expect(o.status).toBe('rejected');
        const err = (o as PromiseRejectedResult).reason as ConcurrencyError;
        expect(err).toBeInstanceOf(ConcurrencyError);
        expect(err.streamId).toBe(streams[i]);
        expect(err.expected).toBe(i % 4 === 1 ? '3' : 'no_stream');
        expect(err.actual).toBe('0');
        expect(rows.has(second[i]!.eventId)).toBe(false);
      }
    });
    // The winners were written together, though their group held losers.
    const winners = new Set([...rows.values()].map((r) => r.tx));
    expect(winners.size).toBeLessThan(8);
    for (const s of streams) expect(await store.streamRevision(s)).toBe(streams.indexOf(s) % 2 === 0 ? 1n : 0n);
  });

  it('a retry inside a group answers as a duplicate and the appends beside it are written once', async () => {
    const retried = stream();
    const event = anEvent('Once');
    const first = await store.append(retried, 'no_stream', [event]);
    const others = Array.from({ length: 8 }, () => ({ streamId: stream(), event: anEvent('Beside') }));
    const [again, ...rest] = await Promise.all([
      store.append(retried, 'no_stream', [event]),
      ...others.map((o) => store.append(o.streamId, 'no_stream', [o.event])),
    ]);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(rest.every((r) => r.nextRevision === 0n && !r.duplicate)).toBe(true);
    expect((await stored([event.eventId, ...others.map((o) => o.event.eventId)])).size).toBe(9);
    expect(await store.streamRevision(retried)).toBe(0n);
  });

  it('appendMany keeps its streams together inside a group: all of them or none', async () => {
    const [a, b, c] = [stream(), stream(), stream()];
    await store.append(b, 'no_stream', [anEvent('Taken')]);
    const [both, clash, alone] = await Promise.allSettled([
      store.appendMany([
        { streamId: a, expected: 'no_stream', events: [anEvent('Pair')] },
        { streamId: c, expected: 'no_stream', events: [anEvent('Pair')] },
      ]),
      // b exists: this whole append is refused, its event for a fresh stream included.
      store.appendMany([
        { streamId: stream(), expected: 'no_stream', events: [anEvent('Lost')] },
        { streamId: b, expected: 'no_stream', events: [anEvent('Lost')] },
      ]),
      store.append(stream(), 'no_stream', [anEvent('Single')]),
    ]);
    expect(both.status).toBe('fulfilled');
    expect(alone.status).toBe('fulfilled');
    expect(clash.status).toBe('rejected');
    expect(((clash as PromiseRejectedResult).reason as ConcurrencyError).streamId).toBe(b);
    const { rows } = await db.pool.query<{ n: bigint }>(`SELECT count(*) AS n FROM events WHERE type = 'Lost'`);
    expect(rows[0]!.n).toBe(0n);
    const [ra, rc] = (both as PromiseFulfilledResult<AppendResult[]>).value;
    expect(ra!.position).toEqual(rc!.position);
  });

  it('a failure in the middle of a group writes nothing of it; then each append is answered alone', async () => {
    await db.pool.query(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.type = 'Poison' THEN RAISE EXCEPTION 'poisoned'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_poison BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
    try {
      const before = [anEvent('Before'), anEvent('Before')];
      const poison = anEvent('Poison');
      const after = anEvent('After');
      const [a, p, b] = await Promise.allSettled([
        store.append(stream(), 'no_stream', before),
        store.append(stream(), 'no_stream', [poison]),
        store.append(stream(), 'no_stream', [after]),
      ]);
      expect(a.status).toBe('fulfilled');
      expect(b.status).toBe('fulfilled');
      expect(p.status).toBe('rejected');
      expect(((p as PromiseRejectedResult).reason as Error).message).toContain('poisoned');
      const rows = await stored([...before, poison, after].map((e) => e.eventId));
      expect(rows.has(poison.eventId)).toBe(false);
      // The group's statement failed as a whole and was not half-kept: the events before the
      // poison were written once, by the retry alone, in a transaction of their own.
      const [b0, b1] = before.map((e) => rows.get(e.eventId)!);
      expect([b0!.position, b1!.position]).toEqual([0n, 1n]);
      expect(b0!.tx).toBe(b1!.tx);
      expect(b0!.tx).not.toBe(rows.get(after.eventId)!.tx);
    } finally {
      await db.pool.query('DROP TRIGGER refuse_poison ON events; DROP FUNCTION refuse_poison()');
    }
  });

  it('a session killed in the middle of a group commits nothing of it; each append is then written exactly once', async () => {
    await db.pool.query(`
      CREATE TABLE stall_control (stalling boolean NOT NULL);
      INSERT INTO stall_control VALUES (true);
      CREATE FUNCTION stall() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = 'Stall' THEN
          WHILE (SELECT stalling FROM stall_control) LOOP PERFORM pg_sleep(0.02); END LOOP;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER stall BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION stall();`);
    try {
      const events = [[anEvent('Early'), anEvent('Early')], [anEvent('Stall')], [anEvent('Late')]] as NewEvent[][];
      const streams = events.map(() => stream());
      const appending = Promise.allSettled(events.map((e, i) => store.append(streams[i]!, 'no_stream', e)));
      // The group's statement has written the early events and waits inside the stalled row.
      let pid: number | undefined;
      for (let i = 0; i < 500 && pid === undefined; i++) {
        const { rows } = await db.pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'`);
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((r) => setTimeout(r, 10));
      }
      expect(pid).toBeDefined();
      expect((await stored(events.flat().map((e) => e.eventId))).size).toBe(0);
      await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      // Nothing of the killed statement survives: the store then writes each append alone.
      await new Promise((r) => setTimeout(r, 100));
      await db.pool.query('UPDATE stall_control SET stalling = false');
      const outcomes = await appending;
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const rows = await stored(events.flat().map((e) => e.eventId));
      expect(rows.size).toBe(4);
      for (const [i, s] of streams.entries()) expect(await store.streamRevision(s)).toBe(BigInt(events[i]!.length - 1));
    } finally {
      await db.pool.query('DROP TRIGGER stall ON events; DROP FUNCTION stall(); DROP TABLE stall_control');
    }
  });

  it('32 writers appending with exact revisions: a subscriber gets every event once, in global order, each stream in order', async () => {
    const from = await store.head();
    const got: StoredEvent[] = [];
    const sub = store.subscribe({ from, types: ['Ordered'], onEvents: async (batch) => void got.push(...batch) });
    const positions = new Map<string, ReturnType<typeof positionOf>>();
    try {
      await Promise.all(
        Array.from({ length: 32 }, async (_, w) => {
          const streams = [stream(), stream()];
          const revisions: (bigint | undefined)[] = [undefined, undefined];
          for (let i = 0; i < 20; i++) {
            const k = i % 2;
            const events = Array.from({ length: 1 + (i % 3) }, () => anEvent('Ordered', { w, i }));
            const r = await store.append(streams[k]!, revisions[k] ?? 'no_stream', events);
            revisions[k] = r.nextRevision;
            positions.set(events.at(-1)!.eventId, r.position);
          }
        }),
      );
      const total = 32 * (7 * 1 + 7 * 2 + 6 * 3);
      for (let i = 0; i < 1500 && got.length < total; i++) await new Promise((r) => setTimeout(r, 10));
      expect(got.length).toBe(total);
    } finally {
      await sub.stop();
    }
    expect(new Set(got.map((e) => e.eventId)).size).toBe(got.length);
    for (let i = 1; i < got.length; i++) expect(compareCheckpoints(positionOf(got[i - 1]!), positionOf(got[i]!))).toBeLessThan(0);
    const byStream = new Map<string, bigint[]>();
    for (const e of got) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamPosition]);
    for (const p of byStream.values()) expect(p).toEqual(p.map((_, i) => BigInt(i)));
    // The position each append was answered with is where its last event was delivered.
    for (const e of got) if (positions.has(e.eventId)) expect(positions.get(e.eventId)).toEqual(positionOf(e));
  });
});
