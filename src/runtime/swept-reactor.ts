import type { OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { logger } from '../shared/logger';
import type { SignalName } from '../shared/signals';
import { PushSweeper } from './push-sweeper';
import type { Runtime } from './runtime';

const log = logger('reactor');

/** How a reactor runs: its name in the log, how often it sweeps, and the signal that wakes it at once (none: the sweep alone). */
export type Schedule = {
  readonly name: string;
  readonly everyMs: number;
  readonly signal?: { readonly name: SignalName; readonly runtime: Pick<Runtime, 'onSignal'> };
};

/**
 * A reactor (code that acts on events) run the one way: a PushSweeper wakes `sweep` on its
 * projection's signal and sweeps every `everyMs` from application start (signals are dropped
 * while a projection rebuilds, and another instance's never arrive), one run at a time, and
 * stops, waiting for the run in progress, when the application shuts down. A failed run is
 * logged and the next sweep tries again; "relation does not exist" (42P01: its migration or
 * read model is not there yet, on a fresh database) is expected and not logged.
 */
export abstract class SweptReactor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  protected readonly sweeper = new PushSweeper(
    () => this.onSweep(),
    (err) => {
      if (err.code !== '42P01') log.error(`${this.schedule().name} failed; the sweep retries`, { message: err.message });
    },
  );

  /** A method, not a field, so that it may read what the subclass's constructor injected. */
  protected abstract schedule(): Schedule;
  protected abstract onSweep(): Promise<unknown>;

  onModuleInit(): void {
    const signal = this.schedule().signal;
    if (signal) this.sweeper.listen(signal.runtime, signal.name);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(this.schedule().everyMs);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
