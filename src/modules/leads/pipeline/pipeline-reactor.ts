import { Inject, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { PushSweeper } from '../../../app/push-sweeper';
import type { Runtime } from '../../../app/runtime';
import { DB_POOL, RUNTIME } from '../../../app/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { SignalName } from '../../../shared/signals';
import { logger } from '../../../shared/logger';

const SWEEP_MS = 5000;

/**
 * What the lead_pipeline read model's reactors share: a PushSweeper woken by the projection's
 * signal and swept every 5 s, one run at a time, stopped with the module. `run` handles every
 * row waiting; a failure is logged and the next sweep tries again.
 */
export abstract class PipelineReactor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  protected abstract readonly signal: SignalName;
  protected abstract readonly failure: string;
  protected readonly sweeper = new PushSweeper(
    () => this.run(),
    (err) => {
      // Before the read model exists (the first moments of a fresh database) there is nothing to do.
      if (err.code !== '42P01') logger('lead-pipeline').error(this.failure, { message: err.message });
    },
  );

  constructor(
    @Inject(RUNTIME) protected readonly runtime: Runtime,
    @Inject(DB_POOL) protected readonly pool: pg.Pool,
    @Inject(EventStore) protected readonly store: EventStore,
  ) {}

  abstract run(): Promise<number>;

  onModuleInit(): void {
    this.sweeper.listen(this.runtime, this.signal);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(SWEEP_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
