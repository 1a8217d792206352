import type { RosterAgent, RoutingRules } from '../../../../projections/lead-routing';
import type { RoutingRule } from '../leads.events';

export type { RosterAgent, RoutingRules };

/**
 * Lead routing as data and one pure function, so that a later change of rules can replay past
 * leads through new ones (and tell the results apart by ROUTING_RULES_VERSION).
 *
 * Order of the rules:
 * 1. own-site: a lead of an agent's own site goes to that agent.
 *    agent-page: on a broker's site, a lead who wrote from the public page of the broker or of
 *    an agent of the office goes to them (the visitor chose them; in rotation or not).
 * 2. listing-agent: on a broker's (or brand) site, a lead that asked about a listing whose
 *    listing agent is an active agent of the office goes to that agent.
 * 3. round-robin: otherwise the next active agent of the office after the one who took the
 *    site's last turn (inactive agents are skipped; order is the roster's, by joining).
 * 4. owner-fallback: no active agent at all: the site's owner.
 */
export const ROUTING_RULES_VERSION = 1;

export type Assignment = { readonly agentId: string; readonly brokerId: string | null; readonly rule: RoutingRule; readonly ruleVersion: number };

/** The next active agent after `lastAgentId` in roster order (cyclic), or null when nobody is active. */
export function nextInRotation(roster: readonly RosterAgent[], lastAgentId: string | null): string | null {
  if (roster.length === 0) return null;
  const last = lastAgentId === null ? -1 : roster.findIndex((a) => a.agentId === lastAgentId);
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

export function routeLead(lead: { readonly listingPdid: string | null; readonly requestedAgentId?: string | null }, rules: RoutingRules, lastTurnAgentId: string | null): Assignment {
  const ruleVersion = ROUTING_RULES_VERSION;
  if (rules.kind === 'agent') return { agentId: rules.ownerId, brokerId: rules.ownerBrokerId, rule: 'own-site', ruleVersion };
  const office = rules.ownerId;
  const requested = requestedAgentOf(lead, rules);
  if (requested) return { agentId: requested, brokerId: office, rule: 'agent-page', ruleVersion };
  if (lead.listingPdid && rules.listingAgentId && rules.roster.some((a) => a.agentId === rules.listingAgentId && a.active)) {
    return { agentId: rules.listingAgentId, brokerId: office, rule: 'listing-agent', ruleVersion };
  }
  const next = nextInRotation(rules.roster, lastTurnAgentId);
  if (next) return { agentId: next, brokerId: office, rule: 'round-robin', ruleVersion };
  return { agentId: rules.ownerId, brokerId: office, rule: 'owner-fallback', ruleVersion };
}
