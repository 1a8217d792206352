import pg from 'pg';
import { type Checkpoint, compareCheckpoints, type EventStore, START, type Subscription } from '../../src/eventstore/event-store.port';
import type { StoredEvent } from '../../src/shared/event';
import { isConnectionError } from '../../src/database/connection-errors';
import { logger } from '../../src/shared/logger';
import { advanceCheckpoint, markLost, markUnsettled, readCheckpoint, resetCheckpoint } from './checkpoints';
import { applyBatch } from './apply-batch';
import { assertProjectionShape, type Projection, type PushWithPosition, type Signal } from './projection';
import { rebuildProjection } from './rebuild';
import { createFreshTables, liveTable } from './tables';
import { Turns } from './turns';
import { type LogTypes, typesInLog } from './types-in-log';

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
  /** How long an advance over other types' events may stay in memory only (see applyLive); 1 s. */
  readonly deferredSaveMs?: number;
  /** Called after each committed batch with the pushes (positioned) and signals it produced. */
  readonly onCommit?: (output: { readonly pushes: readonly PushWithPosition[]; readonly signals: readonly Signal[] }) => void;
  /**
   * Called when this process took a projection's lock and went live: whoever held it before may
   * have died between committing a batch and sending its pushes. Called only when some may not
   * have left (see PUSH_SETTLE_MS); where they begin is on the checkpoint row (`lost_*`).
   */
  readonly onTakeover?: (name: string) => void;
  /**
   * Read models whose whole-log replays (a first start's bulk load, a new version) wait until
   * start() and until every other replay has ended: ones the server can serve without for a
   * while, whose load would take a core from the work it cannot (see src/app/projections.ts).
   */
  readonly replayLast?: readonly string[];
};

/**
 * Runs every projection in its own loop on its own connection. One process at a time runs a
 * given projection (a session advisory lock on that connection); the others stand by and take
 * over if it goes away. Each batch and its checkpoint commit together.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private warming = false;
  private live = false;
  private logTypes: Promise<LogTypes | undefined> | undefined;

  constructor(private readonly options: RunnerOptions) {
    options.projections.forEach(assertProjectionShape);
    const replays = new Turns(REPLAYS_AT_ONCE);
    this.workers = options.projections.map(
      (p) =>
        new ProjectionWorker(
          p,
          options,
          () => this.live,
          replays,
          () => this.typesInLog(),
        ),
    );
  }

  /** Read once for all the read models starting from zero (see typesInLog); read again after a failure. */
  private typesInLog(): Promise<LogTypes | undefined> {
    this.logTypes ??= typesInLog(this.options.pool).catch((err: unknown) => {
      this.logTypes = undefined;
      throw err;
    });
    return this.logTypes;
  }

  /**
   * Takes the locks and makes the tables, replaying a long log in bulk where a projection can
   * (a first start over an imported log, a new version), but applies nothing live and so pushes
   * and signals nothing until start(): the server does this while the rest of it is still being
   * built (the in-memory search index folding the log), which used to wait for that first.
   */
  warmUp(): void {
    if (this.warming) return;
    this.warming = true;
    for (const w of this.workers) w.start();
  }

  start(): void {
    this.live = true;
    this.warmUp();
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
      // Appends of types a projection does not read do not wake it: this wait does.
      for (let i = 0; !w.hasReached(head); i++) {
        if (Date.now() > deadline) throw new Error(`Projection ${w.projection.name} did not catch up within ${timeoutMs} ms`);
        if (i % 20 === 0) w.wake();
        await new Promise((r) => setTimeout(r, 10));
      }
      // What reads the checkpoint table (health, the CLIs' waits) sees it there too.
      await w.saveDeferred();
    }
  }
}

class ProjectionWorker {
  state: ProjectionState = 'starting';
  error: string | undefined;
  private checkpoint: Checkpoint | undefined;
  /** The checkpoint as stored (this.checkpoint may be ahead of it: see applyLive). */
  private saved: Checkpoint | undefined;
  /** Set when the stored checkpoint was found moved by someone else: the next batch takes the full path. */
  private savedStale = false;
  private saveTimer: NodeJS.Timeout | undefined;
  /** Batches with pushes committed lately, oldest first: where each started, and until when its pushes may be on their way (see unsettledFrom). */
  private recent: { settlesAt: number; from: Checkpoint }[] = [];
  /** The connection's one user at a time: batches and deferred saves. */
  private turn: Promise<unknown> = Promise.resolve();
  private client: pg.Client | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;
  /** This run got as far as standing by or going live (see supervise). */
  private ranWell = false;

  constructor(
    readonly projection: Projection,
    private readonly options: RunnerOptions,
    /** Whether the runner may apply live batches yet (see ProjectionRunner.warmUp). */
    private readonly mayGoLive: () => boolean,
    /** Replays of the whole log share them (see REPLAYS_AT_ONCE). */
    private readonly replays: Turns,
    /** The types in the log, read once for every first run (see typesInLog). */
    private readonly logTypes: () => Promise<LogTypes | undefined>,
  ) {}

  wake(): void {
    this.subscription?.wake?.();
  }

  hasReached(head: Checkpoint): boolean {
    return this.state === 'live' && this.checkpoint !== undefined && compareCheckpoints(this.checkpoint, head) >= 0;
  }

  start(): void {
    this.running = this.supervise();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    await this.saveDeferred().catch(() => undefined);
    await this.running;
    await this.client?.end().catch(() => undefined);
    this.state = 'stopped';
  }

  /**
   * Keeps the worker alive across lost connections and failures, with a growing pause. The lock
   * went with the connection: until runOnce has taken it again on a new one, nothing is applied
   * (another instance may take it first, and this one stands by).
   */
  private async supervise(): Promise<void> {
    let pause = FIRST_PAUSE_MS;
    while (!this.stopped) {
      this.ranWell = false;
      try {
        await this.runOnce();
        return;
      } catch (err) {
        if (this.stopped) return;
        this.state = 'failed';
        this.error = (err as Error).message;
        if (isConnectionError(err))
          log.warn('projection lost its database connection; reconnecting', { projection: this.projection.name, message: this.error });
        else log.error('projection failed; restarting', { projection: this.projection.name, message: this.error });
        // One outage after a good run starts the pauses over: a worker that lost its connection
        // once a week would otherwise wait the longest pause after each.
        if (this.ranWell) pause = FIRST_PAUSE_MS;
        await this.subscription?.stop().catch(() => undefined);
        this.subscription = undefined;
        clearTimeout(this.saveTimer);
        this.saveTimer = undefined;
        await this.client?.end().catch(() => undefined);
        this.client = undefined;
        // Spread: every worker of every instance lost its connection at the same moment.
        await sleep(pause * (0.75 + Math.random() * 0.5));
        pause = Math.min(pause * 2, MAX_PAUSE_MS);
      }
    }
  }

  private async runOnce(): Promise<void> {
    const p = this.projection;
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true });
    this.client = client;
    let lost: ((err: Error) => void) | undefined;
    const connectionLost = new Promise<never>((_, reject) => (lost = reject));
    connectionLost.catch(() => undefined);
    client.on('error', (err) => lost?.(err));
    await client.connect();
    // Warming up, only a projection with a bulk replay or a rebuild ahead takes its lock: the
    // others would hold it idle while the server is built, where another instance could apply.
    if (!this.mayGoLive() && !(await this.bulkAhead(client))) while (!this.mayGoLive() && !this.stopped) await sleep(50);
    if (this.stopped) return;

    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`projection:${p.name}`]);
      if (rows[0]?.ok) break;
      this.state = 'standby';
      this.error = undefined;
      this.ranWell = true;
      await sleep(this.options.standbyRetryMs ?? 2000);
      if (this.stopped) return;
    }

    await this.ensureTables(client);
    while (!this.mayGoLive() && !this.stopped) await sleep(50);
    if (this.stopped) return;
    const stored = await readCheckpoint(client, p.name);
    this.checkpoint = stored!.checkpoint;
    this.saved = stored!.checkpoint;
    this.savedStale = false;
    this.state = 'live';
    this.ranWell = true;
    this.error = undefined;
    // The previous holder's pushes that may not have left: feed/since reaches back to them for a
    // while, and they stay unsettled as long as ours would (if this process dies before the
    // sockets are told, the next holder tells them).
    const unsettled = stored!.unsettled;
    if (unsettled) await markLost(client, p.name, unsettled, LOST_FOR_MS);
    this.recent = unsettled ? [{ settlesAt: Date.now() + PUSH_SETTLE_MS, from: unsettled }] : [];
    if (unsettled) this.options.onTakeover?.(p.name);

    this.subscription = this.options.store.subscribe({
      from: this.checkpoint,
      types: p.eventTypes,
      limit: this.options.batchSize,
      onEvents: (events, next) => this.inTurn(() => this.applyLive(client, events, next)),
      onError: (err) => {
        this.state = 'failed';
        this.error = (err as Error).message;
        if (isConnectionError(err)) log.warn('projection batch failed: the database is away; it will be retried', { projection: p.name, message: this.error });
        else log.error('projection batch failed; it will be retried', { projection: p.name, message: this.error });
      },
    });
    await Promise.race([connectionLost, this.waitUntilStopped()]);
  }

  /** Whether ensureTables may have a replay to run: a first run of a projection that has one, or a new version. */
  private async bulkAhead(client: pg.Client): Promise<boolean> {
    const stored = await readCheckpoint(client, this.projection.name);
    return stored ? stored.version !== this.projection.version : this.projection.replay !== undefined && this.options.store.logInPostgres;
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
    // Read before the transaction: it walks the log, and a transaction held open meanwhile would hide later events from every reader.
    const past = (await readCheckpoint(client, p.name)) ? undefined : await this.nothingUpTo();
    await client.query('BEGIN');
    try {
      const stored = await readCheckpoint(client, p.name, true);
      const bulk = !stored && p.replay !== undefined && this.options.store.logInPostgres && (await longLog(client, p.eventTypes));
      if (!stored) {
        await createFreshTables(client, p, liveTable);
        // Without a checkpoint the rebuild below replays the whole log and sets it on the swap; the empty tables answer meanwhile.
        if (!bulk) await resetCheckpoint(client, p.name, p.version);
        // A read model of which the log holds no event yet starts at its head instead of walking it.
        if (!bulk && past) await advanceCheckpoint(client, p.name, START, past, 0);
      }
      await client.query('COMMIT');
      if (bulk || (stored && stored.version !== p.version)) {
        this.state = 'rebuilding';
        log.info(bulk ? 'projection starts over a long log; replaying it in bulk' : 'projection version changed; rebuilding', {
          projection: p.name,
          // Not `to`: the logger hides a field of that name (a message's recipient).
          fromVersion: stored?.version,
          toVersion: p.version,
        });
        const replay = () => rebuildProjection({ pool: this.options.pool, store: this.options.store, projection: p, batchSize: this.options.batchSize });
        if (this.options.replayLast?.includes(p.name)) {
          while (!this.mayGoLive() && !this.stopped) await sleep(50);
          await this.replays.runLast(async () => {
            // Stopped meanwhile: nothing is replayed, and the next start takes it from zero (no checkpoint yet) or from its old version.
            if (!this.stopped) await replay();
          });
        } else await this.replays.run(replay);
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  /** Where the log ends when it holds none of this read model's types (undefined: it holds some, or is not in PostgreSQL). */
  private async nothingUpTo(): Promise<Checkpoint | undefined> {
    if (!this.options.store.logInPostgres) return undefined;
    const log = await this.logTypes();
    return log && !this.projection.eventTypes.some((t) => log.types.has(t)) ? log.head : undefined;
  }

  private inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn, fn);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /**
   * Writes an advance over events of other types (see applyLive) that is still only in memory.
   * Resolves at once when there is none.
   */
  saveDeferred(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const client = this.client;
    if (!client || this.state !== 'live' || this.saved === undefined || compareCheckpoints(this.checkpoint!, this.saved) <= 0) return Promise.resolve();
    return this.inTurn(async () => {
      const from = this.saved!;
      const to = this.checkpoint!;
      if (compareCheckpoints(to, from) <= 0) return;
      await client.query('BEGIN');
      try {
        if (!(await advanceCheckpoint(client, this.projection.name, from, to, 0))) {
          // A rebuild's swap moved it: the next batch takes the full path and follows it.
          this.savedStale = true;
          await client.query('ROLLBACK');
          return;
        }
        await client.query(QUIET_COMMIT);
        this.saved = to;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  private async applyLive(client: pg.Client, events: StoredEvent[], next: Checkpoint): Promise<Checkpoint | void> {
    const p = this.projection;
    // Only events of other types were passed (every append wakes every projection): the
    // checkpoint moves in memory, and is written at most once a second, or with the next batch
    // that has events. Before, each append cost every projection a transaction of its own, four
    // round trips times thirty projections, queued in front of the one batch that pushes the
    // lead to the agent. Nothing is skipped or applied twice: a restart reads again from the
    // stored checkpoint, finding only events of other types up to here.
    if (events.length === 0 && !this.savedStale) {
      this.checkpoint = next;
      // The read that failed worked this time: a read model that sees none of its types for
      // long (a lead list over an imported log of listings) stayed failed, and no wait for the
      // catch-up ever ended.
      this.recovered();
      this.saveTimer ??= setTimeout(
        () => void this.saveDeferred().catch((err: Error) => log.debug('deferred checkpoint not saved', { projection: p.name, message: err.message })),
        DEFERRED_SAVE_MS,
      );
      return;
    }
    const from = this.saved!;
    let output;
    await client.query('BEGIN');
    try {
      // The compare-and-set first: it takes the row, which orders this batch against a rebuild's
      // swap (which holds it), and says whether someone moved it, in one round trip.
      const unsettled = this.unsettledFrom();
      if (!(await advanceCheckpoint(client, p.name, from, next, events.length, unsettled ?? null))) {
        const stored = await readCheckpoint(client, p.name);
        await client.query('ROLLBACK');
        if (!stored) throw new Error(`The checkpoint of ${p.name} disappeared`);
        this.checkpoint = stored.checkpoint;
        this.saved = stored.checkpoint;
        this.savedStale = false;
        this.recent = [];
        return stored.checkpoint;
      }
      output = await applyBatch(client, p, events, liveTable, false);
      // Pushes leave after the commit: until they have, a holder taking over must know where they begin.
      if (output.pushes.length > 0 && !unsettled) await markUnsettled(client, p.name, from);
      await client.query(output.pushes.length === 0 && output.signals.length === 0 ? QUIET_COMMIT : 'COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      // The batch held a transaction id: events committed meanwhile were hidden behind it.
      this.options.store.othersSettled();
    }
    this.checkpoint = next;
    this.saved = next;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.recovered();
    if (output.pushes.length > 0) this.recent.push({ settlesAt: Date.now() + PUSH_SETTLE_MS, from });
    if (output.pushes.length > 0 || output.signals.length > 0) {
      this.options.onCommit?.({ pushes: output.pushes.map((push) => ({ ...push, position: next })), signals: output.signals });
    }
  }

  private recovered(): void {
    if (this.state !== 'failed') return;
    this.state = 'live';
    this.error = undefined;
  }

  /**
   * Where the batches whose pushes may still be on their way begin (undefined: none). The
   * entries are in log order, so the first that has not settled is the oldest; settled ones
   * before it go.
   */
  private unsettledFrom(): Checkpoint | undefined {
    const now = Date.now();
    let settled = 0;
    while (settled < this.recent.length && this.recent[settled]!.settlesAt <= now) settled++;
    if (settled > 0) this.recent.splice(0, settled);
    return this.recent[0]?.from;
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

/**
 * Replays of the whole log (a first start's bulk loads, new versions) a runner runs at once. A
 * first start over an imported log has four bulk loads ahead (search, alert_changes,
 * market_stats, feed_listings) while the in-memory index folds the same log: all at once on two
 * cores, each held a connection and a transaction for longer, and under load new connections
 * timed out, which failed a load and started it over from zero.
 */
const REPLAYS_AT_ONCE = 2;

/** Events of its types from which a first run takes the projection's set-based replay (see ensureTables). */
const BULK_FROM = 10_000;

/**
 * Whether the log holds BULK_FROM events of these types, counted in PostgreSQL (only when the log
 * is there): reading them through the store parsed 10,000 whole events per projection to say so.
 */
async function longLog(client: pg.Client, types: readonly string[]): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM events WHERE type = ANY($1::text[]) LIMIT $2) e', [
    types,
    BULK_FROM,
  ]);
  return rows[0]!.n >= BULK_FROM;
}
/**
 * After how long a batch's pushes count as gone out (see unsettledFrom). They leave within
 * milliseconds of the commit (the NOTIFY to the other instances on connections of their own);
 * the margin is for a loaded machine, and costs only a longer catch-up, which drops what a
 * socket already has.
 */
const PUSH_SETTLE_MS = 5000;
/**
 * How long feed/since reaches back to a dead holder's unsettled position after a takeover: the
 * sockets its instance held reconnect elsewhere after the feed.resync was said, and their
 * catch-up must still find those pushes (the web app reconnects within five seconds).
 */
const LOST_FOR_MS = 60_000;
/** How long an advance over other types' events may stay in memory only (see applyLive). */
const DEFERRED_SAVE_MS = 1000;

/** The pauses between a worker's attempts: short, so that it is back within seconds of the database. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 4000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
