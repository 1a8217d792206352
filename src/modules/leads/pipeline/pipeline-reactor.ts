import { Inject } from '@nestjs/common';
import type pg from 'pg';
import type { Runtime } from '../../../app/runtime';
import { type Schedule, SweptReactor } from '../../../app/swept-reactor';
import { DB_POOL, RUNTIME } from '../../../app/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { SignalName } from '../../../shared/signals';

const SWEEP_MS = 5000;

/**
 * What the lead_pipeline read model's reactors share: woken by the projection's signal and swept
 * every 5 s (SweptReactor), with the store and pool they work with. `run` handles every row
 * waiting and answers how many.
 */
export abstract class PipelineReactor extends SweptReactor {
  protected abstract readonly signal: SignalName;
  /** What the log calls the work ("… failed; the sweep retries"). */
  protected abstract readonly work: string;

  constructor(
    @Inject(RUNTIME) protected readonly runtime: Runtime,
    @Inject(DB_POOL) protected readonly pool: pg.Pool,
    @Inject(EventStore) protected readonly store: EventStore,
  ) {
    super();
  }

  abstract run(): Promise<number>;

  protected schedule(): Schedule {
    return { name: this.work, everyMs: SWEEP_MS, signal: { name: this.signal, runtime: this.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.run();
  }
}
