import type { NewEvent, StoredEvent } from '../shared/event';

/**
 * What an append expects of the stream: that it does not exist yet, that it exists, anything,
 * or an exact revision (the stream position of its last event). Application code appends to
 * aggregate streams with an exact revision or 'no_stream', never 'any'.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

/** A place in the global log; events after it are read next. */
export type Checkpoint = { readonly transactionId: bigint; readonly globalPosition: bigint };
export const START: Checkpoint = { transactionId: 0n, globalPosition: 0n };

const sign = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

export const compareCheckpoints = (a: Checkpoint, b: Checkpoint): number => sign(a.transactionId, b.transactionId) || sign(a.globalPosition, b.globalPosition);

/** Where a stored event sits in the global log. */
export const positionOf = (e: StoredEvent): Checkpoint => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });

export type AppendResult = {
  /** The stream's revision after the append. */
  readonly nextRevision: bigint;
  /** Where the last appended event sits in the global log. */
  readonly position: Checkpoint;
  /** True when every event was already stored there (an idempotent retry). */
  readonly duplicate: boolean;
};

export type StreamAppend = {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly NewEvent[];
};

export type ReadStreamOptions = {
  readonly direction?: 'forwards' | 'backwards';
  /** Forwards: first revision to read (inclusive). Backwards: last (inclusive). */
  readonly from?: bigint;
  readonly limit?: number;
};

export type ReadStreamsOptions = {
  /** Only events of these types (an erasure reads a person's streams for a few types only). */
  readonly types?: readonly string[];
};

export type ReadAllOptions = {
  readonly limit?: number;
  /** Only these event types (the checkpoint still moves past the others). */
  readonly types?: readonly string[];
};

export type ReadAllPage = {
  readonly events: StoredEvent[];
  /**
   * Where the next read starts. It can be past the last event returned: when types are
   * filtered, or when everything up to the visible end was read.
   */
  readonly next: Checkpoint;
  /** True when the page reached the end of what is visible now. */
  readonly atEnd: boolean;
  /** True when committed events are still hidden behind an older, open transaction. */
  readonly pending: boolean;
};

export type Subscription = {
  stop(): Promise<void>;
  /**
   * Look at the log now: someone waits for this subscriber to reach the log's head (a search's
   * freshness, waitForCatchUp), and an append of types it does not read does not wake it.
   * Stores that wake every subscriber on every append may leave it out.
   */
  wake?(): void;
};

export type SubscribeOptions = ReadAllOptions & {
  readonly from: Checkpoint;
  /**
   * Called in global order whenever the subscription moves forwards: with the next batch, or
   * with no events when only filtered-out ones were passed. The subscription waits for it to
   * settle; if it returns a checkpoint, reading goes on from there instead (someone else moved
   * the subscriber, as a projection rebuild does). If it throws, the same batch is offered
   * again after onError.
   */
  readonly onEvents: (events: StoredEvent[], next: Checkpoint) => Promise<Checkpoint | void>;
  readonly onError?: (err: unknown) => void;
};

/** The event store port. Adapters: postgres/ (default), kurrentdb/. One conformance suite. */
export abstract class EventStore {
  abstract append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult>;
  /** Appends to several streams atomically where the adapter can (PostgreSQL can). */
  abstract appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  abstract readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /**
   * Every event of each of these streams, in stream order, in one round trip where the adapter
   * can: what a batch import folds before deciding. Streams without events (of the types asked
   * for) are absent.
   */
  abstract readStreams(streamIds: readonly string[], options?: ReadStreamsOptions): Promise<Map<string, StoredEvent[]>>;
  /** The stream's current revision, or undefined if it has no events. */
  abstract streamRevision(streamId: string): Promise<bigint | undefined>;
  abstract readAll(from: Checkpoint, options?: ReadAllOptions): Promise<ReadAllPage>;
  /** Catch up from `from`, then stay live (woken by notifications, polling as a fallback). */
  abstract subscribe(options: SubscribeOptions): Subscription;
  /** The newest visible checkpoint: reading from it never skips an event committed later. */
  abstract head(): Promise<Checkpoint>;
  /**
   * Where the newest committed event sits, visible to readers of the global log or not yet
   * (PostgreSQL hides events behind any older open transaction). A reader that has passed it
   * has seen everything committed before the call. Never a place to start reading from: use
   * head() for that. Stores that never hide committed events answer head().
   */
  lastCommitted(): Promise<Checkpoint> {
    return this.head();
  }
  /**
   * A number that changes whenever an event was appended, by this process or (as far as the
   * store hears of it) any other: while it stays the same, a reader that reached lastCommitted()
   * after the number was taken has seen everything. Undefined when the store cannot tell (then
   * ask lastCommitted()). Another process's append is heard shortly after its commit.
   */
  appendsHeard(): number | undefined {
    return undefined;
  }
  /**
   * A transaction of this process that may have hidden committed events from readers ended (a
   * projection's batch): subscriptions waiting for hidden events look again at once, instead of
   * at their next backoff. Stores that never hide committed events ignore it.
   */
  othersSettled(): void {}
  /**
   * True when the log is the `events` table of the database the read models live in, so that a
   * rebuild may fold it with SQL (Projection.replay) instead of reading every event out.
   */
  get logInPostgres(): boolean {
    return false;
  }
  abstract close(): Promise<void>;
}
