import type { Decider } from '../../../commands/decider';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';

/**
 * The claim window has passed for a lead (its deadline, from the lead_pond read model) at `now`
 * (the reactor's clock). `agentId` and `officeId`: who held it, in which office, when the
 * deadline was set; `pondEnabled`: that office's pond as its stream says now.
 */
export type PutInPond = {
  readonly leadId: string;
  readonly agentId: string;
  readonly officeId: string;
  readonly dueAt: string;
  readonly now: string;
  readonly pondEnabled: boolean;
};

/**
 * A lead nobody contacted within its office's claim window goes to the office's pond
 * (LeadPutInPond, not-contacted), once: nothing when it was contacted, is already in the pond,
 * moved to another agent since the deadline was set (that assignment has its own), the office
 * turned its pond off, or the deadline has not come (a clock behind the read model's).
 */
export function decidePutInPond(c: PutInPond, lead: Lead): LeadEvent[] {
  if (!lead.exists || lead.inPond || lead.agentId === null || lead.officeId === null) return [];
  if (lead.agentId !== c.agentId || lead.officeId !== c.officeId || lead.firstContactAt !== null || !c.pondEnabled) return [];
  if (Date.parse(c.now) < Date.parse(c.dueAt)) return [];
  return [
    { type: 'LeadPutInPond', data: { leadId: lead.leadId, siteId: lead.siteId, officeId: lead.officeId, fromAgentId: lead.agentId, reason: 'not-contacted' } },
  ];
}

export const putInPondDecider: Decider<Lead, PutInPond, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decidePutInPond };
