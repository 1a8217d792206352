import type { Decider } from '../../../commands/decider';
import { notFound } from '../../../shared/errors';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';

/** The caller checked that the broker runs the lead's office and that the agent belongs to it. */
export type ReassignLead = { readonly leadId: string; readonly agentId: string; readonly byUserId: string };

/** Moving a lead to the agent it already has appends nothing. */
export function decideReassignLead(c: ReassignLead, state: Lead): LeadEvent[] {
  if (!state.exists) throw notFound();
  if (state.agentId === c.agentId) return [];
  return [
    {
      type: 'LeadReassigned',
      data: { leadId: state.leadId, siteId: state.siteId, fromAgentId: state.agentId, agentId: c.agentId, officeId: state.officeId, byUserId: c.byUserId },
    },
  ];
}

export const reassignLeadDecider: Decider<Lead, ReassignLead, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decideReassignLead };
