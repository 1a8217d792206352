import type { RosterAgent, RoutingRules } from '../../../projections/lead-routing';
import type { RoutingRule } from '../leads/leads.events';
import { ASSIGN_TO_POND, ASSIGN_TO_ROUND_ROBIN, type LeadFlowTarget } from '../integrations/integrations.events';

export type { RosterAgent, RoutingRules };

/**
 * Lead routing as data and one pure function. The rules are the office's versioned rule set
 * (RoutingRulesChanged, see office.events.ts) in force when the lead came in; the router and the
 * routing simulation both decide with this function, so a simulation of the rules in force
 * reproduces what happened.
 *
 * Order of the rules:
 * 0. lead-flow (routeBySource, before the rules below, after agent-page): the office's lead flow
 *    for the lead's source names an active agent, the rotation or the pond.
 * 1. own-site: a lead of an agent's own site goes to that agent.
 *    agent-page: on a broker's site, a lead who wrote from the public page of the broker or of
 *    an agent of the office goes to them (the visitor chose them; in rotation or not).
 * 2. listing-agent (when the rules put the listing agent first): on a broker's (or brand) site, a
 *    lead that asked about a listing whose listing agent is an active agent of the office goes to
 *    that agent.
 * 3. round-robin: otherwise the agent of the site's last turn again while their streak is under
 *    their weight, else the next active agent after them (inactive agents are skipped; order is
 *    the roster's, by joining).
 * 4. owner-fallback: no active agent at all: the site's owner.
 */
export type Assignment = { readonly agentId: string; readonly officeId: string | null; readonly rule: RoutingRule; readonly ruleVersion: number };

/** The site's rotation as its routing stream says: who took the last turn, and how many turns in a row they took. */
export type Rotation = { readonly lastAgentId: string | null; readonly streak: number };
export const initialRotation = (): Rotation => ({ lastAgentId: null, streak: 0 });
export const nextTurn = (r: Rotation, agentId: string): Rotation => ({ lastAgentId: agentId, streak: r.lastAgentId === agentId ? r.streak + 1 : 1 });

/** The next agent of the rotation after `rotation`, or null when nobody is active. */
export function nextInRotation(roster: readonly RosterAgent[], rotation: Rotation | null): string | null {
  if (roster.length === 0) return null;
  const lastAgentId = rotation?.lastAgentId ?? null;
  const last = lastAgentId === null ? -1 : roster.findIndex((a) => a.agentId === lastAgentId);
  const current = roster[last];
  if (current?.active && rotation && rotation.streak < current.weight) return current.agentId;
  for (let step = 1; step <= roster.length; step++) {
    const candidate = roster[(last + step + roster.length) % roster.length]!;
    if (candidate.active) return candidate.agentId;
  }
  return null;
}

/** The agent a lead asked for by their page, when the office has them (the broker or one of its agents). */
export function requestedAgentOf(lead: { readonly requestedAgentId?: string | null }, rules: RoutingRules): string | null {
  const id = lead.requestedAgentId;
  if (!id || rules.kind === 'agent') return null;
  return id === rules.ownerId || rules.roster.some((a) => a.agentId === id) ? id : null;
}

export function routeLead(
  lead: { readonly listingPdid: string | null; readonly requestedAgentId?: string | null },
  rules: RoutingRules,
  rotation: Rotation | null,
): Assignment {
  const ruleVersion = rules.version;
  if (rules.kind === 'agent') return { agentId: rules.ownerId, officeId: rules.ownerOfficeId, rule: 'own-site', ruleVersion };
  const office = rules.ownerId;
  const requested = requestedAgentOf(lead, rules);
  if (requested) return { agentId: requested, officeId: office, rule: 'agent-page', ruleVersion };
  if (rules.listingAgentFirst && lead.listingPdid && rules.listingAgentId && rules.roster.some((a) => a.agentId === rules.listingAgentId && a.active)) {
    return { agentId: rules.listingAgentId, officeId: office, rule: 'listing-agent', ruleVersion };
  }
  const next = nextInRotation(rules.roster, rotation);
  if (next) return { agentId: next, officeId: office, rule: 'round-robin', ruleVersion };
  return { agentId: rules.ownerId, officeId: office, rule: 'owner-fallback', ruleVersion };
}

/**
 * The lead flow's step for the lead's source, on an office's site and for a lead who
 * did not choose an agent by their page: an active agent (or the broker) named by the rule gets
 * it; 'round-robin' takes the rotation's next turn; 'pond' sends it to the office pond while
 * an agent is active to claim it. Anything else (the office's routing rules, an agent now off or
 * gone, nobody active) is null: the routing rules decide.
 */
export function routeBySource(
  lead: { readonly requestedAgentId?: string | null },
  target: LeadFlowTarget | null,
  rules: RoutingRules,
  rotation: Rotation | null,
): Assignment | 'pond' | null {
  if (!target || rules.kind === 'agent' || requestedAgentOf(lead, rules)) return null;
  const office = rules.ownerId;
  const ruleVersion = rules.version;
  const anyActive = rules.roster.some((a) => a.active);
  if (target.assignTo === ASSIGN_TO_POND) return anyActive ? 'pond' : null;
  if (target.assignTo === ASSIGN_TO_ROUND_ROBIN) {
    const next = nextInRotation(rules.roster, rotation);
    return next ? { agentId: next, officeId: office, rule: 'round-robin', ruleVersion } : null;
  }
  const named = target.assignTo === office || rules.roster.some((a) => a.agentId === target.assignTo && a.active);
  return named ? { agentId: target.assignTo, officeId: office, rule: 'lead-flow', ruleVersion } : null;
}
