import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { FIRST_CONTACT_SIGNAL, type PendingFirstContact, pendingFirstContacts } from '../../../../projections/lead-pipeline';
import { PushSweeper } from '../../../app/push-sweeper';
import type { Runtime } from '../../../app/runtime';
import { DB_POOL, RUNTIME } from '../../../app/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logger';
import { decideOnLead, pipelinesOnce, sweepPending } from '../pipeline/lead-in-pipeline';
import { decideFirstContact } from './first-contact.decide';

const log = logger('first-contact');
const SWEEP_MS = 5000;
const BATCH = 100;

/**
 * Records a lead's first contact: the lead_pipeline read model keeps, per lead not yet
 * contacted, the office's first action on it (a text, a chat message, a stage change); this
 * decides on the lead's stream (LeadFirstContacted at that action's time, and New → Attempted
 * contact) and appends with the revision read. Exactly once across crashes and instances: the
 * stream says whether the lead was contacted, and a second writer's append loses the race and
 * decides again to nothing. Woken by the projection's signal, swept every 5 s.
 */
@Injectable()
export class FirstContactReactor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeper = new PushSweeper(
    () => this.run(),
    (err) => {
      // Before the read model exists (the first moments of a fresh database) there is nothing to do.
      if (err.code !== '42P01') log.error('recording first contacts failed; the sweep retries', { message: err.message });
    },
  );

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.sweeper.listen(this.runtime, FIRST_CONTACT_SIGNAL);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(SWEEP_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }

  /** Every waiting lead once; answers how many first contacts were recorded. */
  run(): Promise<number> {
    const pipelines = pipelinesOnce(this.store);
    return sweepPending(
      (limit, offset) => pendingFirstContacts(this.pool, limit, offset),
      BATCH,
      () => this.sweeper.isStopped,
      async (p) => (await this.record(p, pipelines)) > 0,
    );
  }

  private async record(p: PendingFirstContact, pipelines: ReturnType<typeof pipelinesOnce>): Promise<number> {
    const { events } = await decideOnLead(
      this.store,
      p.leadId,
      (lead, pipeline) => decideFirstContact({ via: p.via, byUserId: p.byUserId, at: p.at, pipeline }, lead),
      (lead) => ({ siteId: lead.siteId, actorId: null, impersonatorId: null, correlationId: newId(), causationId: p.eventId, now: new Date() }),
      pipelines,
    );
    return events.length;
  }
}
