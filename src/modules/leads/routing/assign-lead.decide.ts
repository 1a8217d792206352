import type { Lead } from '../lead';
import type { LeadEvent } from '../leads.events';
import type { RoutingEvent } from '../leads.events';
import { routeLead, type RoutingRules } from './routing-rules';

/** The site's rotation as its routing stream says: who took the last turn. */
export type Rotation = { readonly lastAgentId: string | null };
export const initialRotation = (): Rotation => ({ lastAgentId: null });
export const evolveRotation = (_: Rotation, e: RoutingEvent): Rotation => ({ lastAgentId: e.data.agentId });

export type AssignLeadDecision = { readonly lead: LeadEvent[]; readonly routing: RoutingEvent[] };

/**
 * Assigns a captured lead once: nothing when it is unknown or already assigned (so a retried or
 * duplicated routing request is harmless). A round-robin turn is recorded on the site's
 * routing stream beside the LeadAssigned.
 */
export function decideAssignLead(lead: Lead, rules: RoutingRules, rotation: Rotation): AssignLeadDecision {
  if (!lead.exists || lead.agentId !== null) return { lead: [], routing: [] };
  const a = routeLead(lead, rules, rotation.lastAgentId);
  return {
    lead: [{ type: 'LeadAssigned', data: { leadId: lead.leadId, siteId: lead.siteId, agentId: a.agentId, brokerId: a.brokerId, rule: a.rule, ruleVersion: a.ruleVersion } }],
    routing: a.rule === 'round-robin' ? [{ type: 'RoundRobinTurnTaken', data: { siteId: lead.siteId, leadId: lead.leadId, agentId: a.agentId } }] : [],
  };
}
