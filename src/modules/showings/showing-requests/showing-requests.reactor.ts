import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { pendingShowingRequests, SHOWING_REQUESTED_SIGNAL, type ShowingRequest } from '../../../../projections/showings';
import type { Runtime } from '../../../runtime/runtime';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { DB_POOL, RUNTIME } from '../../../runtime/tokens';
import { DEFAULT_SHOWING_MINUTES } from '../../../contract/showings';
import { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import { stableId } from '../../../shared/stable-id';
import { loadLead } from '../../leads';
import { showingPlace } from '../showing-place';
import { showingStream } from '../showings.events';
import { ProposeShowingCommand } from '../propose-showing/propose-showing.command';

const SWEEP_MS = 15_000;

/** The appointment a request becomes: its id follows from the request's event id, so it is made once whoever makes it. */
export const showingIdOfRequest = (requestEventId: string) => stableId(`showing of request ${requestEventId}`);

/**
 * A lead's showing request (ShowingRequested, organizer context) becomes a requested appointment
 * on `showing-{id}`: the time they asked for, 30 minutes, the listing's address and zone. Exactly
 * once across crashes and instances: the id is derived from the request, the append expects no
 * stream, and a second writer's append loses and decides again to nothing. The showings read
 * model keeps the requests not yet made (it drops one when its ShowingProposed arrives); woken by
 * its signal, swept every 15 s.
 */
@Injectable()
export class ShowingRequests extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'showing requests', everyMs: SWEEP_MS, signal: { name: SHOWING_REQUESTED_SIGNAL, runtime: this.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.run();
  }

  /** Every pending request once; answers how many appointments this made. */
  async run(): Promise<number> {
    let made = 0;
    for (const r of await pendingShowingRequests(this.pool)) made += await this.make(r);
    return made;
  }

  private async make(r: ShowingRequest): Promise<number> {
    const { lead } = await loadLead(this.store, r.leadId);
    if (!lead.exists) return 0;
    const place = (await showingPlace(this.store, this.pool, r.pdid, lead.agentId, true))!;
    const showingId = showingIdOfRequest(r.eventId);
    const { events } = await this.commands.execute(
      new ProposeShowingCommand(
        showingStream(showingId),
        {
          ...place,
          showingId,
          leadId: r.leadId,
          siteId: r.siteId,
          start: r.preferredAt,
          end: new Date(Date.parse(r.preferredAt) + DEFAULT_SHOWING_MINUTES * 60_000).toISOString(),
          proposedBy: 'lead',
          byUserId: r.userId,
          message: r.message,
          requestEventId: r.eventId,
          confirm: null,
          now: new Date().toISOString(),
        },
        { siteId: r.siteId, actorId: null, impersonatorId: null, correlationId: newId(), causationId: r.eventId, now: new Date() },
      ),
    );
    return events.length > 0 ? 1 : 0;
  }
}
