import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Runtime } from '../../../runtime/runtime';
import { RUNTIME } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { logger } from '../../../shared/logger';
import { Outbound } from '../../../shared/net/outbound';
import { FeedSecrets } from '../feed-secrets';
import type { FeedSyncKind } from '../feeds.events';
import { FeedBusyError } from '../reso-client/feed-errors';
import { type Due, type FeedRunDeps, type FeedRunResult, runFeedIfDue } from '../sync-feed/run-feed';

const log = logger('feeds');
/** How long a person's "Sync now" waits for a scheduler's brief look (here or in another instance). */
const LOCK_WAIT_MS = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/**
 * The feed runs of this process (the scheduler's and "Sync now"): at most one per feed here, the
 * feed's advisory lock keeping other processes out; each can be stopped at shutdown (what it
 * stored stays, the next run goes on from its checkpoint).
 */
@Injectable()
export class FeedRuns implements OnModuleDestroy {
  private readonly running = new Map<string, { readonly controller: AbortController; readonly done: Promise<unknown>; begun: boolean }>();

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(FeedSecrets) private readonly secrets: FeedSecrets,
    @Inject(Outbound) private readonly outbound: Outbound,
  ) {}

  isRunning(name: string): boolean {
    return this.running.has(name);
  }

  /**
   * Starts a run and resolves with its id once it has begun (holds the lock, FeedSyncStarted
   * stored), or null when `due` said it was not due; rejects at once when it cannot begin (no
   * such feed: 404; already running: FeedBusyError). The run goes on in the background.
   */
  async start(name: string, kind: FeedSyncKind, ctx: CommandContext | undefined, due: Due | null = null): Promise<string | null> {
    // A person's run (no `due`) waits up to 3 s for the scheduler's look at the sync stream that
    // has not begun a run (it ends in a moment, usually with "not due"); a run that began is busy.
    const other = this.running.get(name);
    if (other && !other.begun && due === null) {
      const ended = await Promise.race([
        other.done.then(
          () => true,
          () => true,
        ),
        sleep(LOCK_WAIT_MS).then(() => false),
      ]);
      if (ended && this.running.get(name) === other) this.running.delete(name);
    }
    if (this.running.has(name)) throw new FeedBusyError(`A sync of feed ${name} is already running`);
    return this.begin(name, kind, ctx, due);
  }

  private begin(name: string, kind: FeedSyncKind, ctx: CommandContext | undefined, due: Due | null): Promise<string | null> {
    const controller = new AbortController();
    let began: (syncId: string | null) => void = () => undefined;
    const started = new Promise<string | null>((resolve) => (began = resolve));
    const entry = { controller, done: Promise.resolve() as Promise<unknown>, begun: false };
    const onStarted = (syncId: string | null) => {
      entry.begun = syncId !== null;
      began(syncId);
    };
    const config = this.runtime.config.feeds;
    const deps: FeedRunDeps = {
      store: this.runtime.store,
      pool: this.runtime.db.pool,
      databaseUrl: this.runtime.db.url,
      secrets: this.secrets,
      client: { backoffMs: config.backoffMs, attempts: config.attempts },
      outbound: this.outbound,
    };
    // A person's run waits for the lock a scheduler of another instance may hold for a moment.
    const done = runFeedIfDue(deps, name, { kind, ctx, signal: controller.signal, onStarted, waitForLockMs: due === null ? LOCK_WAIT_MS : 0 }, due).then(
      (result: FeedRunResult | null) => {
        began(null);
        if (result) log.info('feed run ended', { feed: name, kind, ...result.counts, ms: result.durationMs });
        return result;
      },
      (err: Error) => {
        // Recorded as FeedSyncFailed (the status shows it); the log names the feed, never credentials.
        if (!(err instanceof FeedBusyError)) log.warn('feed run failed', { feed: name, kind, message: err.message });
        throw err;
      },
    );
    entry.done = done;
    this.running.set(name, entry);
    void done.catch(() => undefined).finally(() => this.running.get(name) === entry && this.running.delete(name));
    return Promise.race([started, done.then(() => null)]);
  }

  /** Waits for a run of this process to end (tests, shutdown). */
  async settled(name: string): Promise<void> {
    await this.running.get(name)?.done.catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    for (const r of this.running.values()) r.controller.abort();
    await Promise.all([...this.running.values()].map((r) => r.done.catch(() => undefined)));
  }
}
