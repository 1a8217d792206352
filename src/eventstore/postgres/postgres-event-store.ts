import pg from 'pg';
import { ConcurrencyError } from '../../shared/errors';
import type { EventMetadata, NewEvent, StoredEvent } from '../../shared/event';
import { isConnectionError } from '../../database/connection-errors';
import { logger } from '../../shared/logger';
import {
  type AppendResult,
  type Checkpoint,
  compareCheckpoints,
  EventStore,
  positionOf,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type ReadStreamsOptions,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { subscriptionLoop } from '../subscription-loop';
import { assertValidAppends } from '../validate-event';
import { appendGroup, packAppends, positionIn } from './append-group';
import { GroupCommit } from './group-commit';
import { IdlePoll } from './idle-poll';
import { Wakeup } from './wakeup';
import { upcastData } from '../office-id-upcaster';

const log = logger('event-store');
export const EVENTS_CHANNEL = 'porchlight_events';

type EventRow = {
  kind: 'e' | 'h' | 'p';
  transaction_id: bigint | null;
  global_position: bigint | null;
  stream_id: string;
  stream_position: bigint;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
};

/**
 * Group commit: how many group statements may be in flight at once (each holds a pooled
 * connection while it waits for its fsync), and how many events one group may carry.
 */
const GROUP_LIMITS = { slots: 4, maxEvents: 2000 };

/** Whether a stream at revision `rev` (-1: none) is what an append expecting `expected` may write after. */
const matches = (expected: ExpectedRevision, rev: bigint): boolean =>
  expected === 'any' ||
  (expected === 'no_stream' && rev === -1n) ||
  (expected === 'stream_exists' && rev >= 0n) ||
  (typeof expected === 'bigint' && rev === expected);

/**
 * The default event store: the `events` table and the append_events() function (migration 1).
 * Readers of the global log only look below pg_snapshot_xmin, so an event whose transaction
 * started before a later-committed one is never skipped.
 */
export class PostgresEventStore extends EventStore {
  private readonly wakeup: Wakeup;
  private readonly groups: GroupCommit;
  private readonly idle: IdlePoll;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { pollMs: number; databaseUrl: string },
  ) {
    super();
    this.wakeup = new Wakeup(options.databaseUrl, EVENTS_CHANNEL);
    this.idle = new IdlePoll(pool, options.pollMs);
    this.groups = new GroupCommit({ writeGroup: (units) => this.writeGroup(units), writeAlone: (unit) => this.appendAlone(unit) }, GROUP_LIMITS);
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    const [result] = await this.appendMany([{ streamId, expected, events }]);
    return result!;
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    assertValidAppends(appends);
    if (appends.length === 0) return [];
    return this.groups.submit(appends);
  }

  /** A group's statement, answered per append: see append-group.ts. */
  private async writeGroup(units: readonly (readonly StreamAppend[])[]): Promise<(AppendResult[] | Error | 'alone')[]> {
    const outcome = await appendGroup(this.pool, units);
    const wrote = new Set<string>();
    const answers = units.map((unit, u): AppendResult[] | Error | 'alone' => {
      const streams = outcome.streams[u]!;
      if (streams.some((s) => s.stored)) return 'alone';
      if (streams.some((s) => s.conflicted)) {
        const i = unit.findIndex((a, k) => !matches(a.expected, streams[k]!.rev));
        const a = unit[i]!;
        const rev = streams[i]!.rev;
        return new ConcurrencyError(
          a.streamId,
          typeof a.expected === 'bigint' ? a.expected.toString() : a.expected,
          rev === -1n ? 'no_stream' : rev.toString(),
        );
      }
      for (const a of unit) for (const e of a.events) wrote.add(e.type);
      const position = positionIn(outcome, u);
      return unit.map((a, k) => ({ nextRevision: streams[k]!.rev + BigInt(a.events.length), position, duplicate: false }));
    });
    if (wrote.size > 0) this.wakeup.notify(this.pool, wrote);
    return answers;
  }

  /**
   * One append by itself through append_events() (migration 1): what answers an append the group
   * statement held back (some of its events are stored already: a retry, or a clash) or could
   * not write (it lost a race on a unique key to another process).
   */
  private async appendAlone(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const { streams, expected, eventStream, ordinal, ids, types, data, meta } = packAppends([appends]);
    if (streams.length === 0) return [];

    // Named, so that each connection parses and plans it once rather than on every append.
    const query = {
      name: 'porchlight_append_events',
      text: `SELECT revisions, last_global_position, tx_id, duplicate
      FROM append_events($1::text[], $2::text[], $3::int[], $4::int[], $5::uuid[], $6::text[],
        ARRAY(SELECT d FROM jsonb_array_elements($7::jsonb) WITH ORDINALITY AS t(d, n) ORDER BY n),
        ARRAY(SELECT m FROM jsonb_array_elements($8::jsonb) WITH ORDINALITY AS t(m, n) ORDER BY n))`,
      values: [streams, expected, eventStream, ordinal, ids, types, data, meta],
    };
    // int8[] comes back as strings: the bigint type parser only covers scalar int8.
    let row: { revisions: (string | bigint)[]; last_global_position: bigint; tx_id: bigint; duplicate: boolean };
    const run = async () => (await this.pool.query(query)).rows[0] as typeof row;
    const refusal = (err: unknown): Error => {
      const e = err as { code?: string; message: string };
      if (e.code === 'PLC01') {
        const c = JSON.parse(e.message) as { stream: string; expected: string; actual: string };
        return new ConcurrencyError(c.stream, c.expected, c.actual);
      }
      if (e.code === 'PLI01') return new ConcurrencyError(streams[0]!, expected[0]!, e.message);
      if (e.code === '23505') return new ConcurrencyError(streams[0]!, expected[0]!, 'changed concurrently');
      return err as Error;
    };
    try {
      row = await run();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== '23505' && code !== 'PLC01') throw refusal(err);
      // Another append got there first: it hit the unique keys (23505), or it committed between
      // append_events' look for these event ids and its revision check, which take separate
      // snapshots (PLC01). If it was this very append, retried, it is now a duplicate: run once
      // more and let that answer; otherwise this reports the conflict.
      row = await run().catch((again: unknown) => {
        throw refusal(again);
      });
    }
    const revisions = row.revisions.map((r) => BigInt(r));
    if (row.duplicate) {
      // Every event is stored already; it is a retry only if it names the place they are at.
      appends.forEach((a, i) => {
        const before = revisions[i]!;
        if (!matches(a.expected, before)) {
          throw new ConcurrencyError(a.streamId, expected[i]!, `its events already stored after revision ${before}`);
        }
      });
    } else {
      this.wakeup.notify(this.pool, new Set(appends.flatMap((a) => a.events.map((e) => e.type))));
    }
    const position: Checkpoint = { transactionId: row.tx_id, globalPosition: row.last_global_position };
    return appends.map((a, i) => ({
      nextRevision: revisions[i]! + BigInt(a.events.length),
      position,
      duplicate: row.duplicate,
    }));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const backwards = options.direction === 'backwards';
    const limit = options.limit ?? 1_000_000;
    const from = options.from;
    const { rows } = await this.pool.query<EventRow>(
      `SELECT 'e' AS kind, transaction_id, global_position, stream_id, stream_position, event_id, type, data, metadata, created_at
       FROM events WHERE stream_id = $1
       ${from === undefined ? '' : backwards ? 'AND stream_position <= $3' : 'AND stream_position >= $3'}
       ORDER BY stream_position ${backwards ? 'DESC' : 'ASC'} LIMIT $2`,
      from === undefined ? [streamId, limit] : [streamId, limit, from.toString()],
    );
    return rows.map(toStored);
  }

  async readStreams(streamIds: readonly string[], options: ReadStreamsOptions = {}): Promise<Map<string, StoredEvent[]>> {
    const streams = new Map<string, StoredEvent[]>();
    if (streamIds.length === 0) return streams;
    const { rows } = await this.pool.query<EventRow>(
      `SELECT 'e' AS kind, transaction_id, global_position, stream_id, stream_position, event_id, type, data, metadata, created_at
       FROM events WHERE stream_id = ANY($1::text[]) ${options.types ? 'AND type = ANY($2::text[])' : ''} ORDER BY stream_id, stream_position`,
      options.types ? [[...new Set(streamIds)], options.types] : [[...new Set(streamIds)]],
    );
    for (const r of rows) {
      const list = streams.get(r.stream_id);
      if (list) list.push(toStored(r));
      else streams.set(r.stream_id, [toStored(r)]);
    }
    return streams;
  }

  async streamRevision(streamId: string): Promise<bigint | undefined> {
    const { rows } = await this.pool.query<{ rev: bigint | null }>('SELECT max(stream_position) AS rev FROM events WHERE stream_id = $1', [streamId]);
    return rows[0]?.rev ?? undefined;
  }

  async readAll(from: Checkpoint, options: ReadAllOptions = {}): Promise<ReadAllPage> {
    return readAllWith(this.pool, from, options);
  }

  async head(): Promise<Checkpoint> {
    const { rows } = await this.pool.query<{ transaction_id: bigint; global_position: bigint }>(
      `SELECT transaction_id, global_position FROM events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const r = rows[0];
    return r ? { transactionId: r.transaction_id, globalPosition: r.global_position } : { transactionId: 0n, globalPosition: 0n };
  }

  override get logInPostgres(): boolean {
    return true;
  }

  override async lastCommitted(): Promise<Checkpoint> {
    const { rows } = await this.pool.query<{ transaction_id: bigint; global_position: bigint }>(
      'SELECT transaction_id, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    const r = rows[0];
    return r ? { transactionId: r.transaction_id, globalPosition: r.global_position } : { transactionId: 0n, globalPosition: 0n };
  }

  override appendsHeard(): number | undefined {
    return this.wakeup.heard();
  }

  override othersSettled(): void {
    this.wakeup.settled();
  }

  subscribe(options: SubscribeOptions): Subscription {
    const waiter = this.wakeup.listen(options.types);
    return subscriptionLoop(this, options, waiter, {
      pollMs: this.options.pollMs,
      // At the end of the log, one look for every idle subscriber rather than a read each.
      idle: (at) => this.idle.wait(waiter, at, options.types),
      // The database being away is said once by the pool, not at every poll until it is back.
      onError: options.onError ?? ((e) => (isConnectionError(e) ? log.debug : log.error)('subscription failed; retrying', { message: (e as Error).message })),
    });
  }

  async close(): Promise<void> {
    this.idle.close();
    await this.wakeup.close();
  }
}

/** Used by the store and by the projection runner, which reads inside its own transaction. */
export async function readAllWith(db: pg.Pool | pg.PoolClient, from: Checkpoint, options: ReadAllOptions): Promise<ReadAllPage> {
  const limit = options.limit ?? 1000;
  const typed = options.types !== undefined;
  // One statement, so one snapshot: the page, the visible head and whether anything committed
  // is still hidden are all judged against the same horizon.
  //
  // The horizon is compared as a scalar subquery, not joined: only then is it an index
  // condition. Joined, "anything hidden?" was a sequential scan of the whole log on every read
  // (1.4 s at a million events) whenever the answer was no.
  const { rows } = await db.query<EventRow>(
    `WITH h AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
     (SELECT 'e' AS kind, e.transaction_id, e.global_position, e.stream_id, e.stream_position, e.event_id,
             e.type, e.data, e.metadata, e.created_at
      FROM events e
      WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint) AND e.transaction_id < (SELECT xmin FROM h)
        ${typed ? 'AND e.type = ANY($4::text[])' : ''}
      ORDER BY e.transaction_id, e.global_position LIMIT $3)
     UNION ALL
     (SELECT 'h', e.transaction_id, e.global_position, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM events e WHERE e.transaction_id < (SELECT xmin FROM h)
      ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1)
     UNION ALL
     (SELECT 'p', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      WHERE (SELECT e.transaction_id FROM events e ORDER BY e.transaction_id DESC LIMIT 1) >= (SELECT xmin FROM h))`,
    typed
      ? [from.transactionId.toString(), from.globalPosition.toString(), limit, options.types]
      : [from.transactionId.toString(), from.globalPosition.toString(), limit],
  );
  const events: StoredEvent[] = [];
  let head: Checkpoint | undefined;
  let pending = false;
  for (const r of rows) {
    if (r.kind === 'e') events.push(toStored(r));
    else if (r.kind === 'h') head = { transactionId: r.transaction_id!, globalPosition: r.global_position! };
    else pending = true;
  }
  events.sort((a, b) => compareCheckpoints(positionOf(a), positionOf(b)));
  const full = events.length === limit;
  const last = events.at(-1);
  let next = from;
  if (full && last) next = positionOf(last);
  else if (head && compareCheckpoints(head, from) > 0) next = head;
  return { events, next, atEnd: !full, pending };
}

function toStored(r: EventRow): StoredEvent {
  return {
    type: r.type,
    data: upcastData(r.type, r.data),
    eventId: r.event_id,
    metadata: r.metadata,
    streamId: r.stream_id,
    streamPosition: r.stream_position,
    globalPosition: r.global_position!,
    transactionId: r.transaction_id!,
    createdAt: r.created_at,
  };
}
