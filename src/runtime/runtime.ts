import type pg from 'pg';
import type { Config } from '../config/config';
import type { Database } from '../database/database';
import type { EventStore } from '../eventstore/event-store.port';
import type { Projection, ProjectionRunner, PushWithPosition } from '../../projections/runner';
import type { SignalName, Signals } from '../shared/signals';

/**
 * The parts that exist before and outside Nest: the database (embedded or not), the event
 * store and the projection runner. The HTTP app, the CLIs and the tests all build on this.
 */
export type Runtime = {
  readonly config: Config;
  readonly db: Database;
  /**
   * Visitors' searches only: a pool of its own (SEARCH_POOL_SIZE), every statement cancelled
   * after SEARCH_STATEMENT_TIMEOUT_MS, so that searches can never take the connections sign-in,
   * commands and projections need.
   */
  readonly searchPool: pg.Pool;
  readonly store: EventStore;
  readonly runner: ProjectionRunner;
  /** The read models this runtime runs (what the back-office can rebuild). */
  readonly projections: readonly Projection[];
  /** Browser pushes from committed projection batches (the socket gateway, web push). */
  onPushes(listener: (pushes: readonly PushWithPosition[]) => void): void;
  /** This process took over a projection whose previous holder's pushes may not all have left (see RunnerOptions.onTakeover). */
  onTakeover(listener: (projection: string) => void): void;
  /** A signal from committed projection batches to this process's reactors, with each payload of the batch. */
  onSignal<K extends SignalName>(name: K, listener: (payloads: readonly Signals[K][]) => void): void;
  close(): Promise<void>;
};
