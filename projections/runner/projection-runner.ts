import pg from 'pg';
import {
  type Checkpoint,
  compareCheckpoints,
  type EventStore,
  START,
  type Subscription,
} from '../../src/eventstore/event-store.port';
import type { StoredEvent } from '../../src/shared/event';
import { logger } from '../../src/shared/logger';
import { advanceCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints';
import { applyBatch } from './apply-batch';
import { assertProjectionShape, type Projection, type PushWithPosition, type Signal } from './projection';
import { rebuildProjection } from './rebuild';
import { createFreshTables, liveTable } from './tables';

const log = logger('projections');

export type ProjectionState = 'starting' | 'standby' | 'rebuilding' | 'live' | 'failed' | 'stopped';

export type RunnerOptions = {
  readonly pool: pg.Pool;
  readonly databaseUrl: string;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  readonly batchSize: number;
  /** How often a stand-by runner tries to take over. */
  readonly standbyRetryMs?: number;
  /** Called after each committed batch with the pushes (positioned) and signals it produced. */
  readonly onCommit?: (output: { readonly pushes: readonly PushWithPosition[]; readonly signals: readonly Signal[] }) => void;
};

/**
 * Runs every projection in its own loop on its own connection. One process at a time runs a
 * given projection (a session advisory lock on that connection); the others stand by and take
 * over if it goes away. Each batch and its checkpoint commit together.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];

  constructor(private readonly options: RunnerOptions) {
    options.projections.forEach(assertProjectionShape);
    this.workers = options.projections.map((p) => new ProjectionWorker(p, options));
  }

  start(): void {
    for (const w of this.workers) w.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop()));
  }

  states(): { name: string; state: ProjectionState; error: string | undefined }[] {
    return this.workers.map((w) => ({ name: w.projection.name, state: w.state, error: w.error }));
  }

  /**
   * Resolves once every projection (or the named one) has applied every event committed before
   * the call, including events still hidden behind another open transaction (another
   * projection's batch is enough): the visible head alone would let it resolve too early.
   */
  async waitForCatchUp(timeoutMs = 30_000, name?: string): Promise<void> {
    const head = await this.options.store.lastCommitted();
    const deadline = Date.now() + timeoutMs;
    for (const w of this.workers.filter((x) => !name || x.projection.name === name)) {
      while (!w.hasReached(head)) {
        if (Date.now() > deadline) throw new Error(`Projection ${w.projection.name} did not catch up within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  }
}

class ProjectionWorker {
  state: ProjectionState = 'starting';
  error: string | undefined;
  private checkpoint: Checkpoint | undefined;
  private client: pg.Client | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(
    readonly projection: Projection,
    private readonly options: RunnerOptions,
  ) {}

  hasReached(head: Checkpoint): boolean {
    return this.state === 'live' && this.checkpoint !== undefined && compareCheckpoints(this.checkpoint, head) >= 0;
  }

  start(): void {
    this.running = this.supervise();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    await this.running;
    await this.client?.end().catch(() => undefined);
    this.state = 'stopped';
  }

  /** Keeps the worker alive across lost connections and failures, with a growing pause. */
  private async supervise(): Promise<void> {
    let pause = 500;
    while (!this.stopped) {
      try {
        await this.runOnce();
        return;
      } catch (err) {
        if (this.stopped) return;
        this.state = 'failed';
        this.error = (err as Error).message;
        log.error('projection failed; restarting', { projection: this.projection.name, message: this.error });
        await this.subscription?.stop().catch(() => undefined);
        this.subscription = undefined;
        await this.client?.end().catch(() => undefined);
        this.client = undefined;
        await sleep(pause);
        pause = Math.min(pause * 2, 10_000);
      }
    }
  }

  private async runOnce(): Promise<void> {
    const p = this.projection;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    this.client = client;
    let lost: ((err: Error) => void) | undefined;
    const connectionLost = new Promise<never>((_, reject) => (lost = reject));
    connectionLost.catch(() => undefined);
    client.on('error', (err) => lost?.(err));
    await client.connect();

    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`projection:${p.name}`]);
      if (rows[0]?.ok) break;
      this.state = 'standby';
      await sleep(this.options.standbyRetryMs ?? 2000);
      if (this.stopped) return;
    }

    await this.ensureTables(client);
    const stored = await readCheckpoint(client, p.name);
    this.checkpoint = stored!.checkpoint;
    this.state = 'live';
    this.error = undefined;

    this.subscription = this.options.store.subscribe({
      from: this.checkpoint,
      types: p.eventTypes,
      limit: this.options.batchSize,
      onEvents: (events, next) => this.applyLive(client, events, next),
      onError: (err) => {
        this.state = 'failed';
        this.error = (err as Error).message;
        log.error('projection batch failed; it will be retried', { projection: p.name, message: this.error });
      },
    });
    await Promise.race([connectionLost, this.waitUntilStopped()]);
  }

  private async waitUntilStopped(): Promise<void> {
    while (!this.stopped) await sleep(200);
  }

  /**
   * First run creates the tables; a new version rebuilds them from the log. So does a first run
   * over a long log when the projection has a set-based replay (the search tables' COPY and
   * indexes built after): far quicker than batch after batch of indexed rows.
   */
  private async ensureTables(client: pg.Client): Promise<void> {
    const p = this.projection;
    await client.query('BEGIN');
    try {
      const stored = await readCheckpoint(client, p.name, true);
      const bulk = !stored && p.replay !== undefined && this.options.store.logInPostgres && (await this.options.store.readAll(START, { types: p.eventTypes, limit: BULK_FROM })).events.length >= BULK_FROM;
      if (!stored) {
        await createFreshTables(client, p, liveTable);
        // Without a checkpoint the rebuild below replays the whole log and sets it on the swap; the empty tables answer meanwhile.
        if (!bulk) await resetCheckpoint(client, p.name, p.version);
      }
      await client.query('COMMIT');
      if (bulk || (stored && stored.version !== p.version)) {
        this.state = 'rebuilding';
        log.info(bulk ? 'projection starts over a long log; replaying it in bulk' : 'projection version changed; rebuilding', { projection: p.name, from: stored?.version, to: p.version });
        await rebuildProjection({
          pool: this.options.pool,
          store: this.options.store,
          projection: p,
          batchSize: this.options.batchSize,
        });
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  private async applyLive(client: pg.Client, events: StoredEvent[], next: Checkpoint): Promise<Checkpoint | void> {
    const p = this.projection;
    const from = this.checkpoint!;
    let output;
    await client.query('BEGIN');
    try {
      // Taking the row first orders this batch against a rebuild's swap, which holds it.
      const stored = await readCheckpoint(client, p.name, true);
      if (!stored || compareCheckpoints(stored.checkpoint, from) !== 0) {
        await client.query('ROLLBACK');
        if (!stored) throw new Error(`The checkpoint of ${p.name} disappeared`);
        this.checkpoint = stored.checkpoint;
        return stored.checkpoint;
      }
      output = await applyBatch(client, p, events, liveTable, false);
      if (!(await advanceCheckpoint(client, p.name, from, next, events.length))) {
        throw new Error(`The checkpoint of ${p.name} moved during the batch`);
      }
      await client.query(output.pushes.length === 0 && output.signals.length === 0 ? QUIET_COMMIT : 'COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    this.checkpoint = next;
    if (this.state === 'failed') {
      this.state = 'live';
      this.error = undefined;
    }
    if (output.pushes.length > 0 || output.signals.length > 0) {
      this.options.onCommit?.({ pushes: output.pushes.map((push) => ({ ...push, position: next })), signals: output.signals });
    }
  }
}

/**
 * A batch that pushes and signals nothing commits without waiting for its WAL flush: catching up
 * is a long run of such batches, and a flush per batch was a good part of each. Nothing is lost
 * or applied twice: the batch and its checkpoint are one transaction, so a server crash can only
 * undo both together (the batch is then applied again from the log), and PostgreSQL flushes WAL
 * in order, so whatever a later durable commit did after reading this batch's rows (a reactor
 * marking an outbox row sent) makes the batch durable first. Batches with pushes or signals wait
 * for the flush, because what they tell browsers and reactors must never be undone.
 */
const QUIET_COMMIT = 'SET LOCAL synchronous_commit = off; COMMIT';

/** Events of its types from which a first run takes the projection's set-based replay (see ensureTables). */
const BULK_FROM = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
