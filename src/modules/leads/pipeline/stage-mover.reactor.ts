import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { pendingStageMoves, STAGE_MOVES_SIGNAL } from '../../../../projections/lead-pipeline';
import { PushSweeper } from '../../../app/push-sweeper';
import type { Runtime } from '../../../app/runtime';
import { DB_POOL, RUNTIME } from '../../../app/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logger';
import { decideOnLead, pipelinesOnce, sweepPending } from './lead-in-pipeline';
import { decideMoveIntoPipeline } from './move-into-pipeline.decide';

const log = logger('stage-mover');
const SWEEP_MS = 5000;
const BATCH = 200;

/**
 * Moves leads whose stage left their office's pipeline to where the broker sent them: a rename
 * moves the stage's leads to the new name, a removal to the stage chosen for them, and a new
 * lead where 'New' is gone to the first stage. The lead_pipeline read model finds them; each is
 * decided on the lead's stream and the office's (LeadStageChanged by the system), so a repeat,
 * a crash or a second instance moves nothing twice. Woken by the projection, swept every 5 s.
 */
@Injectable()
export class StageMover implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeper = new PushSweeper(
    () => this.run(),
    (err) => {
      if (err.code !== '42P01') log.error('moving leads into their pipeline failed; the sweep retries', { message: err.message });
    },
  );

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.sweeper.listen(this.runtime, STAGE_MOVES_SIGNAL);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(SWEEP_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }

  /** Every waiting lead once; answers how many were moved. */
  run(): Promise<number> {
    const pipelines = pipelinesOnce(this.store);
    return sweepPending(
      (limit, offset) => pendingStageMoves(this.pool, limit, offset),
      BATCH,
      () => this.sweeper.isStopped,
      async ({ leadId }) => {
        const { events } = await decideOnLead(
          this.store,
          leadId,
          (lead, pipeline) => decideMoveIntoPipeline({ pipeline }, lead),
          (lead) => ({ siteId: lead.siteId, actorId: null, impersonatorId: null, correlationId: newId(), causationId: null, now: new Date() }),
          pipelines,
        );
        return events.length > 0;
      },
    );
  }
}
