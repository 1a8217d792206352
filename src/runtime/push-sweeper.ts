import { isConnectionError } from '../database/connection-errors';
import type { SignalName } from '../shared/signals';
import type { Runtime } from './runtime';

/**
 * Drives a process that drains an outbox: `work` runs when a projection's signal of the given
 * name arrives, and on a sweep every `everyMs` (signals are dropped while a projection
 * rebuilds, and another instance's signals never arrive). One run at a time; calls during a run
 * collapse into one more run after it. A run that failed because the database is away pauses
 * the runs (0.5 s, doubling up to 4 s) instead of failing at every signal.
 */
export class PushSweeper {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  /** While the database is away: no run before this timer fires, each pause twice the last. */
  private paused: NodeJS.Timeout | undefined;
  private pauseMs = 0;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly onError: (err: Error & { code?: string }) => void,
  ) {}

  listen(runtime: Pick<Runtime, 'onSignal'>, signal: SignalName): void {
    runtime.onSignal(signal, () => this.kick());
  }

  start(everyMs: number): void {
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    // A pause ends with a run: it stands for the kicks it held back.
    if (this.stopped || this.paused) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .then(
        () => {
          this.pauseMs = 0;
        },
        (err: Error & { code?: string }) => {
          if (isConnectionError(err)) this.pause();
          else this.onError(err);
        },
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** The database is away: sweeps and signals wait, then one run tries again (and says nothing meanwhile). */
  private pause(): void {
    this.pauseMs = Math.min(Math.max(this.pauseMs * 2, FIRST_PAUSE_MS), MAX_PAUSE_MS);
    this.again = false;
    clearTimeout(this.paused);
    this.paused = setTimeout(() => {
      this.paused = undefined;
      this.kick();
    }, this.pauseMs);
    this.paused.unref();
  }

  /** Stops the sweep and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.paused);
    await this.running;
  }

  get isStopped(): boolean {
    return this.stopped;
  }
}

const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 4000;
