import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { applyBatch } from '../../projections/runner/apply-batch';
import type { Projection, Push, Signal } from '../../projections/runner/projection';
import { createFreshTables, liveTable } from '../../projections/runner/tables';
import type { Event, EventMetadata, StoredEvent } from '../../src/shared/event';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * An event as a spec writes it: the type and data, and the metadata only where it matters (who,
 * when). Each event is its own append (its own transaction) unless events name one `transactionId`:
 * one append of several events, as a feed's batch or a merge writes them.
 */
export type GivenEvent = Event & {
  readonly metadata?: Partial<EventMetadata>;
  readonly eventId?: string;
  readonly streamId?: string;
  readonly transactionId?: bigint;
};

/** What `then` sees: the database the read model was built in, and what the `when` batch told browsers and reactors. */
export type ProjectionOutcome = {
  readonly pool: pg.Pool;
  /** The rows of a query on the read model's tables. */
  readonly rows: <R extends Record<string, unknown> = Record<string, any>>(sql: string, values?: readonly unknown[]) => Promise<R[]>;
  readonly pushes: readonly Push[];
  readonly signals: readonly Signal[];
};

/** A well-formed uuid for a spec's ids (most read-model columns are uuid): specId(1) is ...0001. */
export const specId = (n: number): string => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/**
 * Metadata of an event appended now: an outbox queues only events from after its migration, which
 * the spec's database applied moments ago (the spec's default times are earlier).
 */
export const appendedNow = (): Partial<EventMetadata> => ({ at: new Date().toISOString() });

/** When the events of a spec happen, unless one says otherwise: one minute apart from here. */
export const SPEC_START = Date.parse('2026-03-02T15:00:00.000Z');

/**
 * Given / when / then over one read model, in a real PostgreSQL database of the test file's own
 * (migrated, as the server's), without booting the server. Each spec starts from the
 * projection's tables made fresh the way the runner makes them on a first start; the given
 * events are applied in one transaction and the `when` events in another, each through the
 * runner's own batch path (only the projection's event types reach `apply`), so what a spec sees
 * is what the live read model would hold. Call it at the top of a describe: it opens the database
 * before the file's tests and drops it after.
 *
 *   const spec = projectionSpecification(leadNotesProjection);
 *   it('...', () => spec.given(written('n1')).when(edited('n1', 'b')).then(async ({ pool }) => {
 *     expect(await notesOf(pool, 'L1')).toMatchObject([{ text: 'b' }]);
 *   }));
 *
 * Tables a projection does not own (an outbox, created by a migration) are not made fresh:
 * specs of those use ids of their own. A read model whose queries join another's tables (the lead
 * list shows the lead score) names it in `alongside`: its tables are made too, and it is given the
 * same events in the same transactions, as the runner would; `then` sees only the pushes and
 * signals of the read model under test.
 */
export function projectionSpecification(projection: Projection, options: { readonly alongside?: readonly Projection[] } = {}) {
  const others = options.alongside ?? [];
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 4 });
  });
  afterAll(async () => {
    await db?.drop();
  });
  // A spec whose `then` was never called, or whose promise the test neither returned nor awaited,
  // would pass without checking anything: the test fails instead.
  let unfinished = 0;
  let started: { readonly done: Promise<void>; readonly observed: () => boolean }[] = [];
  afterEach(async () => {
    const runs = started;
    const forgotten = unfinished;
    started = [];
    unfinished = 0;
    for (const r of runs)
      if (!r.observed())
        await r.done.then(() => Promise.reject(new Error('A projection spec was neither returned nor awaited: its checks ran after its test')));
    if (forgotten > 0) throw new Error(`${forgotten} projection spec(s) of this test never reached then(): nothing was checked`);
  });

  const run = async (given: readonly GivenEvent[], when: readonly GivenEvent[], check: (o: ProjectionOutcome) => unknown): Promise<void> => {
    if (!db) throw new Error('projectionSpecification must be called in a describe, so that its database opens before the tests');
    const pool = db.pool;
    const client = await pool.connect();
    let sequence = 0;
    const stored = (events: readonly GivenEvent[]) => events.map((e) => storedEvent(e, ++sequence));
    let output: { pushes: readonly Push[]; signals: readonly Signal[] };
    try {
      await inTransaction(client, async () => {
        for (const p of [projection, ...others]) await createFreshTables(client, p, liveTable);
      });
      const apply = async (events: readonly StoredEvent[]) => {
        for (const p of others) await applyBatch(client, p, events, liveTable, false);
        return applyBatch(client, projection, events, liveTable, false);
      };
      const givenEvents = stored(given);
      await inTransaction(client, () => apply(givenEvents));
      const whenEvents = stored(when);
      output = await inTransaction(client, () => apply(whenEvents));
    } finally {
      client.release();
    }
    const rows: ProjectionOutcome['rows'] = async (sql, values = []) => (await pool.query(sql, [...values])).rows;
    await check({ pool, rows, ...output });
  };

  const then =
    (given: readonly GivenEvent[], when: readonly GivenEvent[]) =>
    (check: (o: ProjectionOutcome) => unknown): PromiseLike<void> => {
      unfinished--;
      const done = run(given, when, check);
      // Rejections are the test's to see once it awaits; until then they are not unhandled.
      done.catch(() => undefined);
      let observed = false;
      started.push({ done, observed: () => observed });
      return {
        then: (onDone, onFailed) => {
          observed = true;
          return done.then(onDone, onFailed);
        },
      };
    };
  return {
    given: (...given: readonly GivenEvent[]) => {
      unfinished++;
      return { when: (...when: readonly GivenEvent[]) => ({ then: then(given, when) }), then: then(given, []) };
    },
  };
}

/** The spec's event as the store would hand it to the runner: positions in the order given, one minute apart. */
export function storedEvent(e: GivenEvent, n: number): StoredEvent {
  const { metadata, eventId, streamId, transactionId, ...event } = e;
  return {
    ...event,
    eventId: eventId ?? randomUUID(),
    streamId: streamId ?? 'spec',
    streamPosition: BigInt(n),
    globalPosition: BigInt(n),
    transactionId: transactionId ?? BigInt(n),
    createdAt: new Date(SPEC_START + n * 60_000),
    metadata: {
      siteId: null,
      actorId: null,
      impersonatorId: null,
      correlationId: randomUUID(),
      causationId: null,
      at: new Date(SPEC_START + n * 60_000).toISOString(),
      ...metadata,
    },
  };
}

export async function inTransaction<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const out = await fn();
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
