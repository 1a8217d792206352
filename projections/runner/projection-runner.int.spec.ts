import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareCheckpoints, type EventStore } from '../../src/eventstore/event-store.port';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { StoredEvent } from '../../src/shared/event';
import { anEvent } from '../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import type { Projection, ProjectionContext, PushWithPosition } from './projection';
import { ProjectionRunner } from './projection-runner';
import { RebuildCancelledError, RebuildInProgressError, type RebuildProgress, rebuildProjection } from './rebuild';
import { projectionStatus } from './status';

const BATCH = 50;

type Hooks = {
  /** Runs inside the batch's transaction after the batch's rows were written. */
  afterWrite?: (events: readonly StoredEvent[], ctx: ProjectionContext) => Promise<void>;
};

/**
 * Counts 'Counted' events per stream, and logs every application (no unique key, so an event
 * applied twice shows up as two rows instead of an error the runner would retry).
 */
function countingProjection(name: string, o: { version?: number; weight?: number; label?: string; hooks?: Hooks } = {}): Projection {
  const counts = `${name}_counts`;
  const log = `${name}_log`;
  return {
    name,
    version: o.version ?? 1,
    eventTypes: ['Counted'],
    tables: [counts, log],
    async createTables(tx, t) {
      await tx.query(`CREATE TABLE ${t(counts)} (stream_id text PRIMARY KEY, n bigint NOT NULL, last_position bigint NOT NULL)`);
      await tx.query(`CREATE TABLE ${t(log)} (
        event_id uuid NOT NULL, stream_id text NOT NULL, stream_position bigint NOT NULL,
        global_position bigint NOT NULL, applied_by text NOT NULL)`);
      await tx.query(`CREATE INDEX ON ${t(log)} (event_id)`);
    },
    async apply(events, ctx) {
      const { tx, table } = ctx;
      await tx.query(
        `INSERT INTO ${table(log)} (event_id, stream_id, stream_position, global_position, applied_by)
         SELECT id, s, p, g, $5 FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::bigint[]) AS t(id, s, p, g)`,
        [
          events.map((e) => e.eventId),
          events.map((e) => e.streamId),
          events.map((e) => e.streamPosition.toString()),
          events.map((e) => e.globalPosition.toString()),
          ctx.replaying ? 'replay' : (o.label ?? 'live'),
        ],
      );
      await tx.query(
        `INSERT INTO ${table(counts)} AS c (stream_id, n, last_position)
         SELECT s, count(*) * $3, max(p) FROM unnest($1::text[], $2::bigint[]) AS t(s, p) GROUP BY s
         ON CONFLICT (stream_id) DO UPDATE SET n = c.n + excluded.n, last_position = excluded.last_position`,
        [events.map((e) => e.streamId), events.map((e) => e.streamPosition.toString()), o.weight ?? 1],
      );
      // Any event of the socket map will do: the count rides in its payload.
      ctx.push({ to: ['test'], name: 'backoffice.memberChanged', payload: { userIds: events.map((e) => e.eventId) } });
      await o.hooks?.afterWrite?.(events, ctx);
    },
  };
}

describe('ProjectionRunner', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const runners: ProjectionRunner[] = [];
  /** Background loops a failed test may have left running. */
  const loops: { stop(): Promise<void> }[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  });
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((l) => l.stop().catch(() => undefined)));
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
    await db.drop();
  });

  /**
   * Waits until every event committed so far is visible to readers of the log. The test server
   * is shared: another file's open transaction can keep fresh events hidden for a while.
   */
  async function settled(): Promise<void> {
    const target = await store.lastCommitted();
    await until(async () => compareCheckpoints(await store.head(), target) >= 0);
  }

  const caughtUp = (r: ProjectionRunner) => r.waitForCatchUp();

  function runner(projections: Projection[], onPushes?: (p: PushWithPosition[]) => void, deferredSaveMs?: number): ProjectionRunner {
    const r = new ProjectionRunner({
      deferredSaveMs,
      pool: db.pool,
      databaseUrl: db.url,
      store,
      projections,
      batchSize: BATCH,
      standbyRetryMs: 100,
      onCommit: onPushes && ((o) => onPushes([...o.pushes])),
    });
    runners.push(r);
    return r;
  }

  it('applies live events exactly once, ignores other types, and pushes after commit', async () => {
    const p = countingProjection('live');
    const pushes: PushWithPosition[] = [];
    const r = runner([p], (batch) => pushes.push(...batch));
    await appendCounted(store, 120, { streams: 7, ignoredEvery: 4 });
    r.start();
    await caughtUp(r);
    await appendCounted(store, 80, { streams: 7, ignoredEvery: 3 });
    await caughtUp(r);

    await expectMatchesLog(db.pool, 'live');
    const total = await countedEvents(db.pool);
    expect(total).toBe(200);
    expect(pushes.reduce((n, push) => n + countedIn(push), 0)).toBe(total);
    const [status] = await projectionStatus(db.pool);
    expect(status).toMatchObject({ name: 'live', lag: 0, eventsApplied: total, version: 1 });
    expect(r.states()).toEqual([{ name: 'live', state: 'live', error: undefined }]);
  });

  it('a batch that fails after writing rows is rolled back and applied once on retry', async () => {
    let attempts = 0;
    let rowsSeenBeforeFailure = 0;
    let failedBatchSize = 0;
    const p = countingProjection('flaky', {
      hooks: {
        afterWrite: async (events, ctx) => {
          if (attempts++ > 0) return;
          const { rows } = await ctx.tx.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${ctx.table('flaky_log')}`);
          rowsSeenBeforeFailure = Number(rows[0]!.n);
          failedBatchSize = events.length;
          throw new Error('crashed between applying the batch and committing it');
        },
      },
    });
    const pushes: PushWithPosition[] = [];
    const r = runner([p], (batch) => pushes.push(...batch));
    await appendCounted(store, 130, { streams: 5 });
    await settled();
    r.start();
    await until(() => attempts > 1);
    await caughtUp(r);

    expect(failedBatchSize).toBe(BATCH);
    expect(rowsSeenBeforeFailure).toBe(BATCH);
    await expectMatchesLog(db.pool, 'flaky');
    expect(pushes.reduce((n, push) => n + countedIn(push), 0)).toBe(130);
    expect(r.states()[0]).toMatchObject({ state: 'live', error: undefined });
  });

  it('a runner whose connection is killed mid-batch restarts with nothing lost or applied twice', async () => {
    let kills = 0;
    const p = countingProjection('killed', {
      hooks: {
        afterWrite: async (_events, ctx) => {
          if (kills++ > 0) return;
          // The server ends this backend: the transaction dies with the connection, like a crash.
          await ctx.tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
        },
      },
    });
    const r = runner([p]);
    await appendCounted(store, 130, { streams: 5 });
    await settled();
    r.start();
    await until(() => kills > 1, 20_000);
    await appendCounted(store, 20, { streams: 5 });
    await caughtUp(r);
    await expectMatchesLog(db.pool, 'killed');
  });

  it('of two runners one applies and the other stands by, then takes over with no double apply', async () => {
    const a = runner([countingProjection('duo', { label: 'A' })]);
    const b = runner([countingProjection('duo', { label: 'B' })]);
    a.start();
    await until(() => a.states()[0]!.state === 'live');
    b.start();
    await until(() => b.states()[0]!.state === 'standby');

    const appending = appendInBackground(store, { streams: 6 });
    loops.push(appending);
    await until(() => appending.appended() >= 60);
    await caughtUp(a);
    const { rows: byB } = await db.pool.query(`SELECT 1 FROM duo_log WHERE applied_by = 'B'`);
    expect(byB).toEqual([]);
    expect(b.states()[0]!.state).toBe('standby');

    await a.stop();
    await until(() => b.states()[0]!.state === 'live', 10_000);
    const before = appending.appended();
    await until(() => appending.appended() >= before + 60);
    await appending.stop();
    await caughtUp(b);

    await expectMatchesLog(db.pool, 'duo');
    // One at a time: everything A applied comes before everything B applied.
    const { rows } = await db.pool.query<{ applied_by: string; first: bigint; last: bigint; n: bigint }>(
      `SELECT applied_by, min(global_position) AS first, max(global_position) AS last, count(*) AS n
       FROM duo_log GROUP BY applied_by ORDER BY applied_by`,
    );
    expect(rows.map((x) => x.applied_by)).toEqual(['A', 'B']);
    const [byA, byB2] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(byA.n).toBeGreaterThan(0n);
    expect(byB2.n).toBeGreaterThan(0n);
    const { rows: order } = await db.pool.query<{ applied_by: string }>(
      `SELECT l.applied_by FROM duo_log l JOIN events e ON e.event_id = l.event_id ORDER BY e.transaction_id, e.global_position`,
    );
    const switches = order.filter((x, i) => i > 0 && x.applied_by !== order[i - 1]!.applied_by).length;
    expect(switches).toBe(1);
  });

  it('a rebuild while appends keep coming gives the same tables as the incremental run; old tables keep answering', async () => {
    // Side effects (what alerts and outboxes do when not replaying) land in a plain table that
    // rebuilds never touch: every event must cause exactly one, however the rebuild and the live
    // runner shared the work.
    await db.pool.query('CREATE TABLE rb_effects (event_id uuid NOT NULL)');
    const rebuilt = countingProjection('rb', {
      hooks: {
        afterWrite: async (events, ctx) => {
          if (!ctx.replaying) await ctx.tx.query('INSERT INTO rb_effects SELECT unnest($1::uuid[])', [events.map((e) => e.eventId)]);
        },
      },
    });
    const incremental = countingProjection('inc');
    const r = runner([rebuilt, incremental]);
    for (let i = 0; i < 40; i++) {
      await store.append(
        `s-${i % 25}`,
        'any',
        Array.from({ length: 100 }, () => anEvent('Counted')),
      );
    }
    r.start();
    await caughtUp(r);

    let phase: RebuildProgress['phase'] | 'before' = 'before';
    const appending = appendInBackground(store, { streams: 25 });
    loops.push(appending);
    let appendedDuringReplay = 0;
    const answers: { phase: string; n: bigint }[] = [];
    const failures: unknown[] = [];
    let reading = true;
    loops.push({ stop: async () => void (reading = false) });
    const reader = (async () => {
      while (reading) {
        try {
          const { rows } = await db.pool.query<{ n: bigint }>('SELECT coalesce(sum(n), 0)::bigint AS n FROM rb_counts');
          answers.push({ phase, n: rows[0]!.n });
        } catch (err) {
          failures.push(err);
        }
        await sleep(5);
      }
    })();
    const progress: RebuildProgress[] = [];
    const markAtStart = appending.appended();
    const result = await rebuildProjection({
      pool: db.pool,
      store,
      projection: rebuilt,
      batchSize: 100,
      onProgress: (p) => {
        progress.push(p);
        phase = p.phase;
        if (p.phase === 'replaying') appendedDuringReplay = appending.appended() - markAtStart;
      },
    });
    await sleep(100);
    await appending.stop();
    reading = false;
    await reader;
    await caughtUp(r);

    expect(result.applied).toBeGreaterThanOrEqual(4000);
    expect(progress.at(-1)!.phase).toBe('done');
    expect(appendedDuringReplay).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    const duringReplay = answers.filter((a) => a.phase === 'replaying');
    expect(duringReplay.length).toBeGreaterThan(3);
    // The live copy answered throughout and never went backwards; how much it grew during the
    // replay depends on the machine's speed, so growth is checked over the whole run instead.
    for (let i = 1; i < answers.length; i++) expect(answers[i]!.n).toBeGreaterThanOrEqual(answers[i - 1]!.n);
    const { rows: finalRows } = await db.pool.query<{ n: bigint }>('SELECT coalesce(sum(n), 0)::bigint AS n FROM rb_counts');
    expect(finalRows[0]!.n).toBeGreaterThan(duringReplay[0]!.n);

    await expectMatchesLog(db.pool, 'rb');
    await expectMatchesLog(db.pool, 'inc');
    expect(await tableContents(db.pool, 'rb_counts')).toEqual(await tableContents(db.pool, 'inc_counts'));
    const { rows: effects } = await db.pool.query<{ all: number; distinct: number; missing: number }>(
      `SELECT (SELECT count(*)::int FROM rb_effects) AS all, (SELECT count(DISTINCT event_id)::int FROM rb_effects) AS distinct,
              (SELECT count(*)::int FROM events e WHERE e.type = 'Counted' AND NOT EXISTS (SELECT 1 FROM rb_effects f WHERE f.event_id = e.event_id)) AS missing`,
    );
    expect(effects[0]).toEqual({ all: effects[0]!.distinct, distinct: effects[0]!.distinct, missing: 0 });
    const logOf = (t: string) =>
      db.pool.query(`SELECT event_id, stream_id, stream_position, global_position FROM ${t} ORDER BY global_position`).then((x) => x.rows);
    expect(await logOf('rb_log')).toEqual(await logOf('inc_log'));
    const { rows: leftovers } = await db.pool.query(`SELECT name FROM projection_checkpoints WHERE name LIKE 'rb%' ORDER BY name`);
    expect(leftovers).toEqual([{ name: 'rb' }]);
    expect(r.states().map((s) => s.state)).toEqual(['live', 'live']);
  });

  it('a cancelled rebuild leaves the live tables and checkpoint untouched', async () => {
    const p = countingProjection('cx');
    const r = runner([p]);
    for (let i = 0; i < 10; i++)
      await store.append(
        `s-${i % 4}`,
        'any',
        Array.from({ length: 100 }, () => anEvent('Counted')),
      );
    r.start();
    await caughtUp(r);
    await r.stop();
    const before = { counts: await tableContents(db.pool, 'cx_counts'), log: await tableContents(db.pool, 'cx_log'), cp: await checkpointRow(db.pool, 'cx') };

    const controller = new AbortController();
    const phases: string[] = [];
    const attempt = rebuildProjection({
      pool: db.pool,
      store,
      projection: p,
      batchSize: 100,
      signal: controller.signal,
      onProgress: (x) => {
        phases.push(x.phase);
        if (x.applied >= 300) controller.abort();
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(RebuildCancelledError);
    expect(phases.at(-1)).toBe('cancelled');
    expect(phases).not.toContain('swapping');
    expect(await tableContents(db.pool, 'cx_counts')).toEqual(before.counts);
    expect(await tableContents(db.pool, 'cx_log')).toEqual(before.log);
    expect(await checkpointRow(db.pool, 'cx')).toEqual(before.cp);
    const { rows } = await db.pool.query(
      `SELECT to_regclass('cx_counts__rebuild') AS a, to_regclass('cx_log__rebuild') AS b,
              (SELECT count(*) FROM projection_checkpoints WHERE name = 'cx__rebuild')::int AS c`,
    );
    expect(rows[0]).toEqual({ a: null, b: null, c: 0 });

    // The lock was released: of two rebuilds at once one runs and the other is refused (which
    // takes the lock first is the database's call on a busy machine, not the order of the calls).
    const both = await Promise.allSettled([
      rebuildProjection({ pool: db.pool, store, projection: p, batchSize: 100 }),
      sleep(1).then(() => rebuildProjection({ pool: db.pool, store, projection: p, batchSize: 100 })),
    ]);
    expect(both.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((x) => x.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(RebuildInProgressError);
    expect(await tableContents(db.pool, 'cx_counts')).toEqual(before.counts);
  });

  it('a new projection version rebuilds at start', async () => {
    const v1 = runner([countingProjection('ver', { version: 1, weight: 1, label: 'v1' })]);
    await appendCounted(store, 150, { streams: 4 });
    v1.start();
    await caughtUp(v1);
    await v1.stop();
    await appendCounted(store, 50, { streams: 4 });

    const v2 = runner([countingProjection('ver', { version: 2, weight: 10, label: 'v2' })]);
    v2.start();
    await until(() => v2.states()[0]!.state === 'live', 20_000);
    await caughtUp(v2);
    const { rows } = await db.pool.query<{ stream_id: string; n: bigint }>('SELECT stream_id, n FROM ver_counts ORDER BY stream_id');
    const truth = await truthCounts(db.pool);
    expect(rows).toEqual(truth.map((t) => ({ stream_id: t.stream_id, n: t.n * 10n })));
    const { rows: log } = await db.pool.query<{ n: bigint; d: bigint; replayed: bigint; old: bigint }>(
      `SELECT count(*) AS n, count(DISTINCT event_id) AS d, count(*) FILTER (WHERE applied_by = 'replay') AS replayed,
              count(*) FILTER (WHERE applied_by = 'v1') AS old FROM ver_log`,
    );
    // Fresh tables: no row of the old version survives; the replay wrote at least everything
    // v1 had applied (the newest events may be left to v2's live loop if another transaction on
    // the server still hid them when the replay ended).
    expect(log[0]).toMatchObject({ n: 200n, d: 200n, old: 0n });
    expect(log[0]!.replayed).toBeGreaterThanOrEqual(150n);
    const [status] = await projectionStatus(db.pool);
    expect(status).toMatchObject({ name: 'ver', version: 2, lag: 0, eventsApplied: 200 });
  });

  it('a read model to replay last waits for start (the server built) before it replays, then catches up as the others do', async () => {
    const v1 = runner([countingProjection('early'), countingProjection('later')]);
    await appendCounted(store, 40, { streams: 4 });
    v1.start();
    await caughtUp(v1);
    await v1.stop();
    const replayed: string[] = [];
    const noting = (name: string) =>
      countingProjection(name, {
        version: 2,
        hooks: { afterWrite: async (_, ctx) => void (ctx.replaying && !replayed.includes(name) && replayed.push(name)) },
      });
    const r = new ProjectionRunner({
      pool: db.pool,
      databaseUrl: db.url,
      store,
      projections: [noting('later'), noting('early')],
      batchSize: BATCH,
      replayLast: ['later'],
    });
    runners.push(r);
    r.warmUp();
    await until(async () => (await db.pool.query(`SELECT 1 FROM projection_checkpoints WHERE name = 'early' AND version = 2`)).rows.length === 1);
    // Long enough for the other's replay to have run many times over, had it not waited.
    await sleep(500);
    expect(replayed).toEqual(['early']);
    r.start();
    await caughtUp(r);
    expect(replayed).toEqual(['early', 'later']);
    await expectMatchesLog(db.pool, 'later');
  });

  it('a first start over a long log takes the set-based replay once (10,000 events or more), then goes on live', async () => {
    // 10,000 events in 4 appends of 2,500 (one append per event would take the test's time).
    for (let i = 0; i < 4; i++)
      await store.append(
        `s-${i}`,
        'any',
        Array.from({ length: 2500 }, (_, k) => anEvent('Counted', { k })),
      );
    // Other files' tests share the cluster: until their older transactions end, the log hides some
    // of these events, and the replay would take fewer (the rest live). Once shown, they stay shown.
    for (let i = 0; i < 500; i++) {
      const page = await store.readAll({ transactionId: 0n, globalPosition: 0n }, { types: ['Counted'], limit: 20_000 });
      if (page.events.length >= 10_000 && !page.pending) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const plain = countingProjection('bulk');
    let replays = 0;
    const bulk: Projection = {
      ...plain,
      // The counting projection's own apply over the whole log, in one call: what a set-based replay must leave.
      async replay(ctx) {
        replays++;
        const events: StoredEvent[] = [];
        for (let from = { transactionId: 0n, globalPosition: 0n }; ;) {
          const page = await ctx.store.readAll(from, { types: plain.eventTypes, limit: 5000 });
          events.push(...page.events.filter((e) => compareCheckpoints({ transactionId: e.transactionId, globalPosition: e.globalPosition }, ctx.upTo) <= 0));
          if (page.atEnd) break;
          from = page.next;
        }
        await ctx.apply(events);
        return events.length;
      },
    };
    const r = runner([bulk]);
    r.start();
    await caughtUp(r);
    await appendCounted(store, 30, { streams: 4 });
    await caughtUp(r);
    const { rows } = await db.pool.query<{ replayed: bigint; live: bigint; d: bigint }>(
      `SELECT count(*) FILTER (WHERE applied_by = 'replay') AS replayed, count(*) FILTER (WHERE applied_by = 'live') AS live, count(DISTINCT event_id) AS d FROM bulk_log`,
    );
    expect(replays).toBe(1);
    expect(rows[0]).toEqual({ replayed: 10_000n, live: 30n, d: 10_030n });
    const [status] = await projectionStatus(db.pool);
    expect(status).toMatchObject({ name: 'bulk', lag: 0, eventsApplied: 10_030 });
  });

  it('warming up, a first run with a bulk replay takes the lock and makes the tables but applies and pushes nothing live until start (the server builds the rest of itself meanwhile)', async () => {
    await appendCounted(store, 40, { streams: 4 });
    const pushes: PushWithPosition[] = [];
    // The log is too short for the replay: what matters is that one is ahead on a long log.
    const r = runner([{ ...countingProjection('warm'), replay: async () => 0 }], (batch) => pushes.push(...batch));
    r.warmUp();
    await until(async () => (await db.pool.query(`SELECT to_regclass('warm_log') AS t`)).rows[0]!.t !== null);
    await appendCounted(store, 10, { streams: 4 });
    // Long enough for a live worker to have applied the 50 events many times over.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await db.pool.query<{ n: bigint }>('SELECT count(*) AS n FROM warm_log')).rows[0]!.n).toBe(0n);
    expect(pushes).toEqual([]);
    r.start();
    await caughtUp(r);
    await expectMatchesLog(db.pool, 'warm');
    expect(pushes.length).toBeGreaterThan(0);
  });

  it('warming up, a projection with nothing to replay leaves its lock to other instances until start', async () => {
    const r = runner([countingProjection('idle_warm')]);
    r.warmUp();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await db.pool.query(`SELECT to_regclass('idle_warm_log') AS t`)).rows[0]!.t).toBeNull();
    const other = runner([countingProjection('idle_warm')]);
    other.start();
    await until(() => other.states()[0]!.state === 'live');
    r.start();
    await until(() => r.states()[0]!.state === 'standby');
  });

  it('a first start over a shorter log applies it batch by batch', async () => {
    await appendCounted(store, 40, { streams: 4 });
    let replays = 0;
    const r = runner([{ ...countingProjection('short'), replay: async () => ++replays }]);
    r.start();
    await caughtUp(r);
    expect(replays).toBe(0);
    const { rows } = await db.pool.query<{ n: bigint }>(`SELECT count(*) AS n FROM short_log WHERE applied_by = 'live'`);
    expect(rows[0]!.n).toBe(40n);
  });

  it('a first run over a log holding none of its types starts at its head without walking it, and applies its types committed behind a transaction still open', async () => {
    for (let i = 0; i < 3; i++) await store.append(`other-${i}`, 'any', [anEvent('Ignored'), anEvent('Ignored')]);
    await settled();
    const head = await store.head();
    const slow = await db.pool.connect();
    const r = runner([countingProjection('late')]);
    try {
      await slow.query('BEGIN');
      await slow.query('SELECT pg_current_xact_id()');
      // Committed, but hidden behind the open transaction: not yet part of the log a first run may skip.
      await appendCounted(store, 12, { streams: 3 });
      r.start();
      await until(() => r.states()[0]!.state === 'live');
      // Stored at once, before any read of the log (which would keep its end in memory for a while).
      const { rows } = await db.pool.query<{ x: bigint; g: bigint }>(
        `SELECT transaction_id AS x, global_position AS g FROM projection_checkpoints WHERE name = 'late'`,
      );
      expect(rows[0]).toEqual({ x: head.transactionId, g: head.globalPosition });
      await slow.query('COMMIT');
    } finally {
      await slow.query('ROLLBACK').catch(() => undefined);
      slow.release();
    }
    await caughtUp(r);
    expect(await sumCounts(db.pool, 'late')).toBe(12n);
    await expectMatchesLog(db.pool, 'late');
  });

  it('projectionStatus reports the lag behind the log, all event types included', async () => {
    const p = countingProjection('lagging');
    const r = runner([p]);
    await appendCounted(store, 30, { streams: 2 });
    r.start();
    await caughtUp(r);
    await r.stop();
    const head = await store.head();
    expect(await projectionStatus(db.pool)).toEqual([
      expect.objectContaining({ name: 'lagging', lag: 0, position: head.globalPosition.toString(), eventsApplied: 30 }),
    ]);

    await appendCounted(store, 7, { streams: 2 });
    await store.append(`other-${randomUUID()}`, 'no_stream', [anEvent('Ignored'), anEvent('Ignored'), anEvent('Ignored')]);
    expect((await projectionStatus(db.pool))[0]!.lag).toBe(10);

    const again = runner([p]);
    again.start();
    await caughtUp(again);
    const after = await store.head();
    expect((await projectionStatus(db.pool))[0]).toMatchObject({ lag: 0, position: after.globalPosition.toString(), eventsApplied: 37 });
  });

  it('events of other types cost the projection no transaction each: its checkpoint is written once caught up', async () => {
    const p = countingProjection('idle');
    const r = runner([p], undefined, 60_000);
    r.start();
    await appendCounted(store, 5, { streams: 1 });
    await caughtUp(r);
    await db.pool.query(`CREATE TABLE idle_writes (at timestamptz NOT NULL DEFAULT now())`);
    await db.pool.query(`CREATE FUNCTION idle_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO idle_writes DEFAULT VALUES; RETURN NEW; END $$`);
    await db.pool.query(`CREATE TRIGGER idle_write AFTER UPDATE ON projection_checkpoints FOR EACH ROW WHEN (NEW.name = 'idle') EXECUTE FUNCTION idle_write()`);
    const writes = async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM idle_writes')).rows[0]!.n;

    // The projection polls every 50 ms (appends of other types do not wake it).
    for (let i = 0; i < 10; i++) {
      await store.append(`other-${randomUUID()}`, 'no_stream', [anEvent('Ignored')]);
      await sleep(60);
    }
    expect(await writes()).toBe(0);
    await caughtUp(r);
    expect(await writes()).toBe(1);
    expect((await projectionStatus(db.pool))[0]).toMatchObject({ lag: 0, eventsApplied: 5 });

    // The next batch with events moves it on from there, applying each once.
    await store.append(`other-${randomUUID()}`, 'no_stream', [anEvent('Ignored')]);
    await appendCounted(store, 3, { streams: 1 });
    await caughtUp(r);
    await expectMatchesLog(db.pool, 'idle');
    expect((await projectionStatus(db.pool))[0]).toMatchObject({ lag: 0, eventsApplied: 8 });
  });

  it('a projection whose read of the log failed once is live again at its next read, though only other types pass', async () => {
    // Its own store, on one connection: holding that connection makes the projection's read time out.
    const narrow = new pg.Pool({ connectionString: db.url, max: 1, connectionTimeoutMillis: 100 });
    const narrowStore = new PostgresEventStore(narrow, { pollMs: 50, databaseUrl: db.url });
    const r = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store: narrowStore, projections: [countingProjection('quiet')], batchSize: BATCH });
    try {
      r.start();
      await appendCounted(store, 5, { streams: 1 });
      await r.waitForCatchUp();
      const held = await narrow.connect();
      try {
        await store.append(`other-${randomUUID()}`, 'no_stream', [anEvent('Ignored')]);
        await until(() => r.states()[0]!.state === 'failed');
      } finally {
        held.release();
      }
      // A first start over an imported log of listings: a read model of leads sees none of its events.
      await store.append(`other-${randomUUID()}`, 'no_stream', [anEvent('Ignored')]);
      await r.waitForCatchUp(10_000);
      expect(r.states()).toEqual([{ name: 'quiet', state: 'live', error: undefined }]);
    } finally {
      await r.stop();
      await narrowStore.close();
      await narrow.end();
    }
  });

  it('a long-running transaction elsewhere delays the projection but never makes it skip', async () => {
    const p = countingProjection('patient');
    const r = runner([p]);
    r.start();
    await appendCounted(store, 10, { streams: 2 });
    await caughtUp(r);

    const slow = await db.pool.connect();
    let waited: Promise<void> | undefined;
    try {
      await slow.query('BEGIN');
      await slow.query('SELECT pg_current_xact_id()');
      await appendCounted(store, 15, { streams: 3 });
      // waitForCatchUp waits for what was committed, not only for what is visible now.
      let caughtUpEarly = false;
      waited = r.waitForCatchUp(15_000).then(() => {
        caughtUpEarly = true;
      });
      await sleep(400);
      expect(await sumCounts(db.pool, 'patient')).toBe(10n);
      expect((await projectionStatus(db.pool))[0]!.lag).toBe(15);
      expect(caughtUpEarly).toBe(false);
      await slow.query('COMMIT');
    } finally {
      // Never hand back a connection with the transaction open: it would hide every later event
      // on the server, other test files' included.
      await slow.query('ROLLBACK').catch(() => undefined);
      slow.release();
    }
    await waited;
    expect(await sumCounts(db.pool, 'patient')).toBe(25n);
    await expectMatchesLog(db.pool, 'patient');
  });
});

// ---- helpers ----

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** Appends `n` 'Counted' events over a few streams, with 'Ignored' events in between. */
async function appendCounted(store: EventStore, n: number, o: { streams: number; ignoredEvery?: number }): Promise<void> {
  for (let i = 0; i < n; i++) {
    const events = [anEvent('Counted', { i })];
    if (o.ignoredEvery && i % o.ignoredEvery === 0) events.push(anEvent('Ignored'));
    await store.append(`s-${i % o.streams}`, 'any', events);
  }
}

/** Appends 1-3 'Counted' events every few milliseconds until stopped. */
function appendInBackground(store: EventStore, o: { streams: number }) {
  let appended = 0;
  let running = true;
  let i = 0;
  const loop = (async () => {
    while (running) {
      const events = Array.from({ length: 1 + (i % 3) }, () => anEvent('Counted'));
      await store.append(`s-${i++ % o.streams}`, 'any', events);
      appended += events.length;
      await sleep(2);
    }
  })();
  return {
    appended: () => appended,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function countedEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: bigint }>(`SELECT count(*) AS n FROM events WHERE type = 'Counted'`);
  return Number(rows[0]!.n);
}

async function truthCounts(pool: pg.Pool): Promise<{ stream_id: string; n: bigint }[]> {
  const { rows } = await pool.query<{ stream_id: string; n: bigint }>(
    `SELECT stream_id, count(*) AS n FROM events WHERE type = 'Counted' GROUP BY stream_id ORDER BY stream_id`,
  );
  return rows;
}

async function sumCounts(pool: pg.Pool, name: string): Promise<bigint> {
  const { rows } = await pool.query<{ n: bigint }>(`SELECT coalesce(sum(n), 0)::bigint AS n FROM ${name}_counts`);
  return rows[0]!.n;
}

/** Every 'Counted' event in the log was applied exactly once, and the counts agree with it. */
async function expectMatchesLog(pool: pg.Pool, name: string): Promise<void> {
  const { rows: dupes } = await pool.query(`SELECT event_id, count(*) AS n FROM ${name}_log GROUP BY event_id HAVING count(*) > 1`);
  expect(dupes).toEqual([]);
  const { rows: missing } = await pool.query(
    `SELECT e.event_id FROM events e LEFT JOIN ${name}_log l ON l.event_id = e.event_id
     WHERE e.type = 'Counted' AND l.event_id IS NULL`,
  );
  expect(missing).toEqual([]);
  const { rows: extra } = await pool.query(
    `SELECT l.event_id FROM ${name}_log l LEFT JOIN events e ON e.event_id = l.event_id WHERE e.event_id IS NULL OR e.type <> 'Counted'`,
  );
  expect(extra).toEqual([]);
  const { rows: counts } = await pool.query<{ stream_id: string; n: bigint; last_position: bigint }>(
    `SELECT stream_id, n, last_position FROM ${name}_counts ORDER BY stream_id`,
  );
  const truth = await truthCounts(pool);
  expect(counts.map((c) => ({ stream_id: c.stream_id, n: c.n }))).toEqual(truth);
  const { rows: lastPositions } = await pool.query<{ stream_id: string; last_position: bigint }>(
    `SELECT stream_id, max(stream_position) AS last_position FROM events WHERE type = 'Counted' GROUP BY stream_id ORDER BY stream_id`,
  );
  expect(counts.map((c) => ({ stream_id: c.stream_id, last_position: c.last_position }))).toEqual(lastPositions);
}

async function tableContents(pool: pg.Pool, table: string): Promise<unknown[]> {
  const { rows } = await pool.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return rows;
}

async function checkpointRow(pool: pg.Pool, name: string): Promise<unknown> {
  const { rows } = await pool.query('SELECT name, transaction_id, global_position, version, events_applied FROM projection_checkpoints WHERE name = $1', [
    name,
  ]);
  return rows[0];
}

function countedIn(push: PushWithPosition): number {
  return push.name === 'backoffice.memberChanged' ? push.payload.userIds.length : 0;
}
