import {
  ANY,
  BACKWARDS,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError } from '../../shared/errors';
import type { EventMetadata, NewEvent, StoredEvent } from '../../shared/event';
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
import { upcastData } from '../office-id-upcaster';

/**
 * The KurrentDB (EventStoreDB) adapter, for installations that run one (EVENTSTORE_URL).
 *
 * Mapping: a Checkpoint is $all's position ({commit → transactionId, prepare →
 * globalPosition}); KurrentDB's log has no gaps to guard against, so the snapshot rule of the
 * PostgreSQL adapter has no counterpart and `pending` is always false. appendMany uses the
 * server's atomic multi-stream append (KurrentDB 25.1+).
 */
export class KurrentDbEventStore extends EventStore {
  private readonly client: KurrentDBClient;

  constructor(
    connectionString: string,
    private readonly options: { pollMs: number },
  ) {
    super();
    this.client = KurrentDBClient.connectionString`${connectionString}`;
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    assertValidAppends([{ streamId, expected, events }]);
    const duplicate = await this.isRetry(streamId, expected, events);
    if (duplicate) return duplicate;
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), { streamState: stateOf(expected) });
      const position = result.position ? fromPosition(result.position) : await this.head();
      return { nextRevision: result.nextExpectedRevision, position, duplicate: false };
    } catch (err) {
      throw mapError(err, streamId, expected);
    }
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    assertValidAppends(appends);
    if (appends.length === 1) return [await this.append(appends[0]!.streamId, appends[0]!.expected, appends[0]!.events)];
    try {
      const result = await this.client.multiStreamAppend(
        appends.map((a) => ({ streamName: a.streamId, events: a.events.map(toEventData), expectedState: stateOf(a.expected) })),
      );
      const revisions = new Map(result.responses.map((r) => [r.streamName, r.revision]));
      const position = { transactionId: result.position, globalPosition: result.position };
      return appends.map((a) => ({ nextRevision: revisions.get(a.streamId)!, position, duplicate: false }));
    } catch (err) {
      throw mapError(err, appends[0]!.streamId, appends[0]!.expected);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const backwards = options.direction === 'backwards';
    const out: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.from ?? (backwards ? END : START),
        maxCount: options.limit ?? Number.MAX_SAFE_INTEGER,
      })) {
        const e = toStored(resolved);
        if (e) out.push(e);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readStreams(streamIds: readonly string[], options: ReadStreamsOptions = {}): Promise<Map<string, StoredEvent[]>> {
    const types = options.types ? new Set(options.types) : undefined;
    const entries = await Promise.all(
      [...new Set(streamIds)].map(async (id) => [id, (await this.readStream(id)).filter((e) => !types || types.has(e.type))] as const),
    );
    return new Map(entries.filter(([, events]) => events.length > 0));
  }

  async streamRevision(streamId: string): Promise<bigint | undefined> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', limit: 1 });
    return last?.streamPosition;
  }

  async readAll(from: Checkpoint, options: ReadAllOptions = {}): Promise<ReadAllPage> {
    const limit = options.limit ?? 1000;
    const events: StoredEvent[] = [];
    const atStart = from.transactionId === 0n && from.globalPosition === 0n;
    let next = from;
    let seen = 0;
    for await (const resolved of this.client.readAll({
      fromPosition: atStart ? START : { commit: from.transactionId, prepare: from.globalPosition },
      maxCount: limit + 1,
      filter: options.types ? eventTypeFilter({ regex: `^(${options.types.map(escapeRegex).join('|')})$` }) : excludeSystemEvents(),
    })) {
      const e = toStored(resolved);
      if (!e || compareCheckpoints(positionOf(e), from) <= 0) continue;
      if (seen === limit) return { events, next, atEnd: false, pending: false };
      seen++;
      events.push(e);
      next = positionOf(e);
    }
    return { events, next, atEnd: true, pending: false };
  }

  async head(): Promise<Checkpoint> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() })) {
      const e = toStored(resolved);
      if (e) return positionOf(e);
    }
    return { transactionId: 0n, globalPosition: 0n };
  }

  subscribe(options: SubscribeOptions): Subscription {
    // A live subscription from the end only wakes the reading loop; reads go through readAll.
    const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    let wake: (() => void) | undefined;
    live.on('data', () => wake?.());
    live.on('error', () => undefined);
    const waiter = {
      wait: (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        }),
      cancel: () => wake?.(),
    };
    return subscriptionLoop(this, options, waiter, {
      pollMs: this.options.pollMs,
      onError: (err) => options.onError?.(err),
      close: () => live.unsubscribe().catch(() => undefined),
    });
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /** KurrentDB is idempotent by event id but does not say so; we look, to report `duplicate`. */
  private async isRetry(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult | undefined> {
    if (typeof expected !== 'bigint' && expected !== 'no_stream') return undefined;
    const from = expected === 'no_stream' ? 0n : expected + 1n;
    const stored = await this.readStream(streamId, { from, limit: events.length });
    if (stored.length !== events.length || stored.some((e, i) => e.eventId !== events[i]!.eventId)) return undefined;
    return { nextRevision: stored.at(-1)!.streamPosition, position: positionOf(stored.at(-1)!), duplicate: true };
  }
}

const stateOf = (expected: ExpectedRevision): AppendStreamState =>
  expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : expected === 'any' ? ANY : expected;

const toEventData = (e: NewEvent) =>
  jsonEvent({ id: e.eventId, type: e.type, data: e.data as Record<string, unknown>, metadata: e.metadata as unknown as Record<string, unknown> });

const fromPosition = (p: Position): Checkpoint => ({ transactionId: p.commit, globalPosition: p.prepare });

function toStored(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const e = resolved.event;
  if (!e || !e.isJson || e.type.startsWith('$')) return undefined;
  const position = e.position ?? { commit: resolved.commitPosition ?? 0n, prepare: resolved.commitPosition ?? 0n };
  return {
    type: e.type,
    data: upcastData(e.type, e.data),
    eventId: e.id,
    metadata: e.metadata as unknown as EventMetadata,
    streamId: e.streamId,
    streamPosition: e.revision,
    globalPosition: position.prepare,
    transactionId: position.commit,
    createdAt: e.created,
  };
}

function mapError(err: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (err instanceof WrongExpectedVersionError) {
    const actual = typeof err.actualState === 'bigint' ? err.actualState.toString() : String(err.actualState);
    return new ConcurrencyError(err.streamName ?? streamId, String(expected), actual);
  }
  return err;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
