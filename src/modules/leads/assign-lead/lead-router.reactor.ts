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
import { toNewEvents } from '../../accounts';
import { evolveLead, initialLead, leadStream } from '../lead';
import type { LeadCaptured, LeadEvent } from '../leads.events';
import { decideAssignLead, evolveRotation, initialRotation, leadFlowAt } from '../../office';
import { leadFlowTargetFor } from '../../integrations/integrations.events';
import { MAX_ROUTING_WEIGHT, ROUTE_LEAD_PUSH, type RoutingEvent, routingStream } from '../../office/office.events';
import { loadRoutingRules, pendingLeads } from '../../../../projections/lead-routing';

const log = logger('routing');
const MAX_ATTEMPTS = 8;
const SWEEP_MS = 15_000;

type Cause = { readonly eventId: string | null; readonly correlationId: string | null };

/**
 * The lead router, a process manager: when the lead_routing projection has committed a new
 * lead it asks (an in-process push), this loads the site's rules and the lead, decides, and
 * appends LeadAssigned (plus the round-robin turn) atomically with the revisions it read. A
 * sweep routes whatever was left pending (a restart between capture and routing).
 */
@Injectable()
export class LeadRouter extends SweptReactor {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {
    super();
  }

  /** The sweep routes leads left pending (a restart between capture and routing); the signal routes each new lead at once. */
  protected schedule(): Schedule {
    return { name: 'the routing sweep', everyMs: SWEEP_MS };
  }

  protected onSweep(): Promise<number> {
    return this.sweep();
  }

  /** Not the sweeper's signal: each signalled lead is routed at once, by itself. */
  override onModuleInit(): void {
    this.runtime.onSignal(ROUTE_LEAD_PUSH, (payloads) => {
      for (const { leadId, eventId, correlationId } of payloads) void this.route(leadId, { eventId, correlationId });
    });
  }

  /** Routes every pending lead; answers how many were looked at. */
  async sweep(): Promise<number> {
    let ids: string[];
    try {
      ids = await pendingLeads(this.pool);
    } catch {
      return 0; // the read model is not there yet on a fresh database
    }
    for (const id of ids) await this.route(id, { eventId: null, correlationId: null });
    return ids.length;
  }

  /** One routing at a time per lead in this process; never throws (a sweep retries later). */
  route(leadId: string, cause: Cause): Promise<void> {
    const running = this.inFlight.get(leadId);
    if (running) return running;
    const job = this.assign(leadId, cause)
      .catch((err: Error & { code?: string }) => {
        // Before the lead_routing read model exists (first moments of a fresh database) the
        // projection asks again once it has the lead; anything else is worth an error.
        if (err.code === '42P01') log.debug('routing rules not built yet; the projection will ask again', { leadId });
        else log.error('routing a lead failed; the sweep retries it', { leadId, message: err.message });
      })
      .finally(() => this.inFlight.delete(leadId));
    this.inFlight.set(leadId, job);
    return job;
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
        // The office's lead flow for the lead's source (issue 31), as it stood at the capture.
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
