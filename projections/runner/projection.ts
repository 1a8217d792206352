import type pg from 'pg';
import type { Checkpoint, EventStore } from '../../src/eventstore/event-store.port';
import type { ServerEventName, ServerEventPayload } from '../../src/contract/server-events';
import type { Event, StoredEvent } from '../../src/shared/event';
import type { SignalName, Signals } from '../../src/shared/signals';

/**
 * A message for browsers, emitted only after the transaction that produced it committed: an
 * event of the socket map (src/contract/server-events.ts) to socket.io rooms ('user:<id>',
 * 'office:<officeId>', 'staff'), its payload checked against the map.
 */
export type Push = { [K in ServerEventName]: { readonly to: readonly string[]; readonly name: K; readonly payload: ServerEventPayload<K> } }[ServerEventName];

export type PushWithPosition = Push & { readonly position: Checkpoint };

/** A signal to the reactors in this process (src/shared/signals.ts), given after commit like a push. */
export type Signal = { [K in SignalName]: { readonly signal: K; readonly payload: Signals[K] } }[SignalName];

/** What a committed batch produced. */
export type BatchOutput = { readonly pushes: readonly Push[]; readonly signals: readonly Signal[] };

export type ProjectionContext = {
  /** The transaction the batch and the checkpoint are written in. */
  readonly tx: pg.PoolClient;
  /**
   * A write whose answer the batch does not read, sent with others in one round trip, in order,
   * before the batch's next statement on `tx` and before it commits (see QueuedWrites): a read
   * model's per-event INSERTs and UPDATEs go here, so that a batch of thousands is not thousands
   * of round trips. Parameters as in `tx.query` ($1, $2...).
   */
  readonly write: (sql: string, params?: readonly unknown[]) => void;
  /** The real name of one of the projection's tables (a rebuild writes fresh copies). */
  readonly table: (base: string) => string;
  readonly push: (push: Push) => void;
  readonly signal: (signal: Signal) => void;
  /** True while rebuilding from zero: pushes are dropped and side effects must be skipped. */
  readonly replaying: boolean;
};

/**
 * A read model: the events it reads, the tables it owns, and how a batch changes them.
 *
 * Rules that make rebuilds possible: only the projection writes its tables; DDL creates tables
 * and indexes through ctx.table() without naming indexes or constraints (PostgreSQL picks
 * names that cannot collide with the copy being replaced); apply is deterministic in the events.
 * Bump `version` when the tables or the logic change: the runner then rebuilds.
 */
export type Projection = {
  readonly name: string;
  readonly version: number;
  readonly eventTypes: readonly string[];
  readonly tables: readonly string[];
  createTables(tx: pg.PoolClient, table: (base: string) => string): Promise<void>;
  apply(events: readonly StoredEvent[], ctx: ProjectionContext): Promise<void>;
  /**
   * Optional, for a read model whose rebuild must be fast (the lead score's 5M events): replays
   * the log from its start through `upTo` in set-based statements instead of event batches, when
   * the log is in the same database (EventStore.logInPostgres). It must leave the tables as
   * `apply` over the same events would; answers how many events it covered.
   */
  replay?(ctx: ReplayContext): Promise<number>;
};

/** A rebuild's replay (Projection.replay): one transaction, writing the fresh tables. */
export type ReplayContext = ProjectionContext & {
  readonly store: EventStore;
  /** Connections apart from `tx`: the log read on one while `tx` writes (the two cores at work at once). */
  readonly pool: pg.Pool;
  /** The last event to replay (the live checkpoint, or the log's head). */
  readonly upTo: Checkpoint;
  /** The projection's own `apply`, for events the set-based replay leaves to it. */
  readonly apply: (events: readonly StoredEvent[]) => Promise<void>;
  /** Events covered so far, for the rebuild's progress. */
  readonly onProgress: (applied: number) => void;
};

/**
 * A projection's event types, checked against the union its `apply` switches over: every type
 * of the union listed, nothing else (the compiler names what is missing), so the list that
 * decides what the runner reads and the switch that handles it cannot drift apart.
 *   eventTypes: handledTypes<Handled>()(['LeadCaptured', 'LeadAssigned'])
 */
export const handledTypes =
  <E extends { readonly type: string }>() =>
  <const T extends readonly E['type'][]>(
    types: T & ([Exclude<E['type'], T[number]>] extends [never] ? unknown : { readonly missing: Exclude<E['type'], T[number]> }),
  ): readonly E['type'][] =>
    types;

/**
 * A batch as the projection's own event union. The runner hands `apply` only the types of its
 * `eventTypes`, which `handledTypes` checks against that union: so the batch may be read as it,
 * here, once, instead of a cast on every event of every projection.
 */
export const eventsOf = <E extends Event>(events: readonly StoredEvent[]): readonly StoredEvent<E>[] =>
  events as readonly StoredEvent[] as readonly StoredEvent<E>[];

const IDENT = /^[a-z_][a-z0-9_]{0,40}$/;

export function assertProjectionShape(p: Projection): void {
  if (!IDENT.test(p.name)) throw new Error(`Projection name ${p.name} must be a lower-case identifier`);
  for (const t of p.tables) if (!IDENT.test(t)) throw new Error(`Table ${t} of ${p.name} must be a lower-case identifier`);
}
