import type { SignalName } from '../shared/signals';
import type { Runtime } from './runtime';

/**
 * Drives a process that drains an outbox: `work` runs when a projection's signal of the given
 * name arrives, and on a sweep every `everyMs` (signals are dropped while a projection
 * rebuilds, and another instance's signals never arrive). One run at a time; calls during a run
 * collapse into one more run after it.
 */
export class PushSweeper {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

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
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops the sweep and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  get isStopped(): boolean {
    return this.stopped;
  }
}
