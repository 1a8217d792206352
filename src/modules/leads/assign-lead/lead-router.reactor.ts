import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Runtime } from '../../../runtime/runtime';
import { DB_POOL, RUNTIME } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { EventStore, type StreamAppend } from '../../../eventstore/event-store.port';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { StoredEvent } from '../../../shared/event';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logger';
import { isConnectionError } from '../../../database/connection-errors';
import { toNewEvents } from '../../accounts';
import { evolveLead, initialLead, leadStream } from '../lead';
import type { LeadCaptured, LeadEvent } from '../leads.events';
import { decideAssignLead, evolveRotation, initialRotation, leadFlowAt } from '../../office';
import { leadFlowTargetFor } from '../../integrations/integrations.events';
import { MAX_ROUTING_WEIGHT, ROUTE_LEAD_PUSH, type RoutingEvent, routingStream } from '../../office/office.events';
import { loadRoutingRules, pendingLeads } from '../../../../projections/lead-routing';

const log = logger('routing');
const MAX_ATTEMPTS = 8;
/** How often every instance looks for waiting leads: the signal is only ever a hint, and it is in the projection's process alone. */
const SWEEP_MS = 1_000;
const BATCH = 500;

type Cause = { readonly eventId: string | null; readonly correlationId: string | null };

/**
 * The lead router, a process manager with one way in: the leads the lead_routing projection
 * holds as waiting (`routing_pending`, written in the transaction that moves its checkpoint over
 * the LeadCaptured, so no lead the log holds is missed, whichever path captured it). Each run
 * takes them oldest first, loads the site's rules and the lead, decides, and appends LeadAssigned
 * (plus the round-robin turn) atomically at the revisions it read, so a lead routed by another
 * run or instance is not routed again. The projection's `lead.route` signal only makes the run
 * start now; every instance also looks every second, and while the database is away it looks
 * again as soon as it is back.
 */
@Injectable()
export class LeadRouter extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'the lead router', everyMs: SWEEP_MS, signal: { name: ROUTE_LEAD_PUSH, runtime: this.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.sweep();
  }

  /** Routes the waiting leads; answers how many were looked at. A lost connection ends the run, for the sweeper to retry once it is back. */
  async sweep(): Promise<number> {
    const waiting = await pendingLeads(this.pool, BATCH);
    for (const { leadId, eventId, correlationId } of waiting) {
      try {
        await this.assign(leadId, { eventId, correlationId });
      } catch (err) {
        if (isConnectionError(err as Error)) throw err;
        log.error('routing a lead failed; the next run retries it', { leadId, message: (err as Error).message });
      }
    }
    if (waiting.length === BATCH) this.sweeper.kick();
    return waiting.length;
  }

  private async assign(leadId: string, cause: Cause): Promise<void> {
    const nothing = { appends: [], result: undefined };
    await decideAndAppend(
      this.store,
      async () => {
        const leadEvents = await this.store.readStream(leadStream(leadId));
        const lead = fold({ initialState: initialLead, evolve: evolveLead }, leadEvents as unknown as LeadEvent[]);
        if (!lead.exists || lead.agentId !== null || lead.inPond) return nothing;
        // The rules in force when the lead came in (its LeadCaptured, the stream's first event): a rule change since does not reach back.
        const rules = await loadRoutingRules(this.pool, lead.siteId, lead.listingPdid, leadEvents[0]!);
        // The site is not in the read model yet: its projection asks again once it has the lead.
        if (!rules) return nothing;
        // The last turns (newest first), enough to count the last agent's streak up to the heaviest weight.
        const routingEvents = await this.store.readStream(routingStream(lead.siteId), { direction: 'backwards', limit: MAX_ROUTING_WEIGHT });
        const rotation = fold({ initialState: initialRotation, evolve: evolveRotation }, [...routingEvents].reverse() as unknown as RoutingEvent[]);
        // The office's lead flow for the lead's source, as it stood at the capture.
        const captured = leadEvents[0]! as unknown as StoredEvent<LeadCaptured>;
        const flow = rules.kind === 'agent' ? null : leadFlowTargetFor(await leadFlowAt(this.store, rules.ownerId, captured), captured.data.source);
        const decision = decideAssignLead(lead, rules, rotation, flow);
        const ctx: CommandContext = {
          siteId: lead.siteId,
          actorId: null,
          impersonatorId: null,
          correlationId: cause.correlationId ?? newId(),
          causationId: cause.eventId,
          now: new Date(),
        };
        const appends: StreamAppend[] = [
          { streamId: leadStream(leadId), expected: leadEvents.at(-1)!.streamPosition, events: toNewEvents(decision.lead, ctx) },
        ];
        if (decision.routing.length) {
          const rev = routingEvents[0]?.streamPosition;
          appends.push({ streamId: routingStream(lead.siteId), expected: rev === undefined ? 'no_stream' : rev, events: toNewEvents(decision.routing, ctx) });
        }
        return { appends, result: undefined };
      },
      { pauseMs: 5, attempts: MAX_ATTEMPTS },
    );
  }
}
