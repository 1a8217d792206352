import type { LeadCaptured, LeadEvent } from '../../leads/leads.events';
import type { RoutingEvent } from '../office.events';
import type { LeadFlowTarget } from '../../integrations/integrations.events';
import { type Assignment, initialRotation, nextTurn, type Rotation, requestedAgentOf, routeBySource, routeLead, type RoutingRules } from '../routing-rules';

export { initialRotation, type Rotation };
export const evolveRotation = (r: Rotation, e: RoutingEvent): Rotation => nextTurn(r, e.data.agentId);

/** What routing reads of a lead (the leads context's Lead carries these fields); routing never folds a lead stream itself. */
export type RoutableLead =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly leadId: string;
      readonly siteId: string;
      readonly listingPdid: string | null;
      readonly requestedAgentId: string | null;
      readonly agentId: string | null;
      readonly inPond: boolean;
    };

/** A lead just captured, as routing first sees it. */
export const capturedLead = (e: LeadCaptured): RoutableLead => ({
  exists: true,
  leadId: e.data.leadId,
  siteId: e.data.siteId,
  listingPdid: e.data.listingPdid,
  requestedAgentId: e.data.requestedAgentId ?? null,
  agentId: null,
  inPond: false,
});

export type AssignLeadDecision = { readonly lead: LeadEvent[]; readonly routing: RoutingEvent[] };

/**
 * Assigns a captured lead once: nothing when it is unknown, already assigned or in its office's
 * pond (so a retried or duplicated routing request is harmless). A round-robin turn is recorded
 * on the site's routing stream beside the LeadAssigned. An office that sends new leads straight
 * to its pond (pond on, claim window 0) gets LeadPutInPond instead, as long as it has an active
 * agent to claim it (else the rules below decide, down to the owner); a lead who asked for an
 * agent by their page goes to that agent, pond or not. Before all that, the office's lead flow
 * for the lead's source (`flow`) may name the agent, the rotation or the pond; the
 * action plan it names rides on the placement (`planId`) for the plans to start.
 */
export function decideAssignLead(lead: RoutableLead, rules: RoutingRules, rotation: Rotation, flow: LeadFlowTarget | null = null): AssignLeadDecision {
  if (!lead.exists || lead.agentId !== null || lead.inPond) return { lead: [], routing: [] };
  const plan = flow?.actionPlanId && rules.kind !== 'agent' ? { planId: flow.actionPlanId } : {};
  const bySource = routeBySource(lead, flow, rules, rotation);
  if (bySource === 'pond' || (!bySource && rules.kind !== 'agent' && rules.pondFirst && rules.roster.some((a) => a.active) && !requestedAgentOf(lead, rules))) {
    return {
      lead: [
        {
          type: 'LeadPutInPond',
          data: { leadId: lead.leadId, siteId: lead.siteId, officeId: rules.ownerId, fromAgentId: null, reason: 'pond-first', ...plan },
        },
      ],
      routing: [],
    };
  }
  const a: Assignment = bySource ?? routeLead(lead, rules, rotation);
  return {
    lead: [
      {
        type: 'LeadAssigned',
        data: { leadId: lead.leadId, siteId: lead.siteId, agentId: a.agentId, officeId: a.officeId, rule: a.rule, ruleVersion: a.ruleVersion, ...plan },
      },
    ],
    routing: a.rule === 'round-robin' ? [{ type: 'RoundRobinTurnTaken', data: { siteId: lead.siteId, leadId: lead.leadId, agentId: a.agentId } }] : [],
  };
}
