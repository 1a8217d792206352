import { Inject } from '@nestjs/common';
import type pg from 'pg';
import type { Runtime } from '../../../runtime/runtime';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { DB_POOL, RUNTIME } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import type { SignalName } from '../../../shared/signals';
import type { Lead } from '../lead';
import type { LeadEvent } from '../leads.events';
import type { Pipeline } from '../../office/office.events';
import { decideOnLead, pipelinesOnce, sweepPending } from './lead-in-pipeline';

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

  /**
   * Every lead the read model has waiting, `size` at a time, decided on the lead's stream against
   * its office's pipeline (each office's stream read once a run) and appended as the system (no
   * actor), caused by the row's event when it names one. Answers how many leads changed.
   */
  protected decidePending<T extends { readonly leadId: string }>(
    page: (limit: number, offset: number) => Promise<readonly T[]>,
    size: number,
    decide: (row: T, lead: Lead, pipeline: Pipeline) => readonly LeadEvent[],
    causationOf: (row: T) => string | null = () => null,
  ): Promise<number> {
    const pipelines = pipelinesOnce(this.store);
    return sweepPending(
      page,
      size,
      () => this.sweeper.isStopped,
      async (row) => {
        const { events } = await decideOnLead(
          this.store,
          row.leadId,
          (lead, pipeline) => decide(row, lead, pipeline),
          (lead) => ({ siteId: lead.siteId, actorId: null, impersonatorId: null, correlationId: newId(), causationId: causationOf(row), now: new Date() }),
          pipelines,
        );
        return events.length > 0;
      },
    );
  }

  protected schedule(): Schedule {
    return { name: this.work, everyMs: SWEEP_MS, signal: { name: this.signal, runtime: this.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.run();
  }
}
