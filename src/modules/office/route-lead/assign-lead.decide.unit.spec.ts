import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { leadCaptured } from '../../../../tests/support/lead-events';
import { officeRules } from '../../../../tests/support/routing-rules';
import { evolveLead, initialLead } from '../../leads/lead';
import type { LeadEvent } from '../../leads/leads.events';
import { decideAssignLead, evolveRotation, initialRotation } from './assign-lead.decide';
import type { RoutingRules } from '../routing-rules';
import type { RoutingEvent } from '../office.events';

const SITE = 's1';
const captured = (listingPdid: string | null = null, leadId = 'L1'): LeadEvent => leadCaptured(leadId, { siteId: SITE, listingPdid });
const assignedTo = (agentId: string): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: 'L1', siteId: SITE, agentId, officeId: 'B', rule: 'round-robin', ruleVersion: 1 },
});
const turn = (agentId: string, leadId = 'L0'): RoutingEvent => ({ type: 'RoundRobinTurnTaken', data: { siteId: SITE, leadId, agentId } });

const lead = (...events: LeadEvent[]) => fold({ initialState: initialLead, evolve: evolveLead }, events);
const rotation = (...events: RoutingEvent[]) => fold({ initialState: initialRotation, evolve: evolveRotation }, events);

/** The site's rules as the lead_routing read model answers them (a query result, not folded state). */
const office = officeRules(SITE);
const agentSite: RoutingRules = {
  siteId: SITE,
  kind: 'agent',
  ownerId: 'A9',
  ownerOfficeId: 'B',
  roster: [],
  listingAgentId: null,
  pondFirst: false,
  listingAgentFirst: true,
  version: 1,
};
const pondFirst: RoutingRules = { ...office, pondFirst: true };
const inPond = (reason: 'pond-first' | 'not-contacted' = 'pond-first'): LeadEvent => ({
  type: 'LeadPutInPond',
  data: { leadId: 'L1', siteId: SITE, officeId: 'B', fromAgentId: null, reason },
});

const leadAssigned = (agentId: string, officeId: string | null, rule: string) => ({
  type: 'LeadAssigned',
  data: { leadId: 'L1', siteId: SITE, agentId, officeId, rule, ruleVersion: 1 },
});
const turnTaken = (agentId: string) => ({ type: 'RoundRobinTurnTaken', data: { siteId: SITE, leadId: 'L1', agentId } });

describe('AssignLead (given / when / then)', () => {
  it("given a captured lead on an agent's own site, when routed, then LeadAssigned to the owner with the owner's broker (own-site), and no turn", () => {
    expect(decideAssignLead(lead(captured('NWMLS-1')), agentSite, rotation())).toEqual({ lead: [leadAssigned('A9', 'B', 'own-site')], routing: [] });
  });

  it("given a captured lead on an independent agent's own site, when routed, then LeadAssigned with no office", () => {
    expect(decideAssignLead(lead(captured()), { ...agentSite, ownerOfficeId: null }, rotation())).toEqual({
      lead: [leadAssigned('A9', null, 'own-site')],
      routing: [],
    });
  });

  it('given a captured lead about a listing whose listing agent is active in the office, when routed, then LeadAssigned to that agent (listing-agent), and no turn', () => {
    expect(decideAssignLead(lead(captured('NWMLS-1')), { ...office, listingAgentId: 'A3' }, rotation(turn('A1')))).toEqual({
      lead: [leadAssigned('A3', 'B', 'listing-agent')],
      routing: [],
    });
  });

  it('given a captured lead about a listing whose listing agent is inactive, when routed, then the round robin decides, with its turn', () => {
    expect(decideAssignLead(lead(captured('NWMLS-1')), { ...office, listingAgentId: 'A2' }, rotation())).toEqual({
      lead: [leadAssigned('A1', 'B', 'round-robin')],
      routing: [turnTaken('A1')],
    });
  });

  it('given a captured lead about no listing, when the office knows a listing agent, then the round robin decides (the listing rule needs a listing)', () => {
    expect(decideAssignLead(lead(captured(null)), { ...office, listingAgentId: 'A3' }, rotation())).toEqual({
      lead: [leadAssigned('A1', 'B', 'round-robin')],
      routing: [turnTaken('A1')],
    });
  });

  it('given no turn taken on the site yet, when a captured lead is routed, then LeadAssigned to the first active agent and RoundRobinTurnTaken for them', () => {
    expect(decideAssignLead(lead(captured()), office, rotation())).toEqual({ lead: [leadAssigned('A1', 'B', 'round-robin')], routing: [turnTaken('A1')] });
  });

  it('given A1 took the last turn, when a captured lead is routed, then A3 (the inactive A2 is skipped)', () => {
    expect(decideAssignLead(lead(captured()), office, rotation(turn('A3', 'L-earlier'), turn('A1')))).toEqual({
      lead: [leadAssigned('A3', 'B', 'round-robin')],
      routing: [turnTaken('A3')],
    });
  });

  it('given A1 then A3 took turns, when a captured lead is routed, then the rotation wraps to A1 (the last turn counts)', () => {
    expect(decideAssignLead(lead(captured()), office, rotation(turn('A1', 'L-a'), turn('A3', 'L-b')))).toEqual({
      lead: [leadAssigned('A1', 'B', 'round-robin')],
      routing: [turnTaken('A1')],
    });
  });

  it('given no active agent in the office, when a captured lead is routed, then LeadAssigned to the site owner (owner-fallback), and no turn', () => {
    const nobody: RoutingRules = { ...office, roster: [{ agentId: 'A2', active: false, weight: 1 }], listingAgentId: 'A2' };
    expect(decideAssignLead(lead(captured('NWMLS-1')), nobody, rotation(turn('A1')))).toEqual({
      lead: [leadAssigned('B', 'B', 'owner-fallback')],
      routing: [],
    });
  });

  it('given no lead, when routed, then nothing on either stream', () => {
    expect(decideAssignLead(lead(), office, rotation())).toEqual({ lead: [], routing: [] });
  });

  it('given the lead was already assigned, when routed again (a retry or a duplicated request), then nothing on either stream', () => {
    expect(decideAssignLead(lead(captured(), assignedTo('A3')), office, rotation(turn('A3')))).toEqual({ lead: [], routing: [] });
    expect(decideAssignLead(lead(captured(), assignedTo('A3')), agentSite, rotation())).toEqual({ lead: [], routing: [] });
  });

  it('given the lead was reassigned by the broker, when routed again, then nothing on either stream', () => {
    const reassigned: LeadEvent = {
      type: 'LeadReassigned',
      data: { leadId: 'L1', siteId: SITE, fromAgentId: 'A1', agentId: 'A3', officeId: 'B', byUserId: 'B' },
    };
    expect(decideAssignLead(lead(captured(), assignedTo('A1'), reassigned), office, rotation())).toEqual({ lead: [], routing: [] });
  });

  it('given a lead routed once, when its decision is folded and it is routed again, then nothing (assigning is once)', () => {
    const first = decideAssignLead(lead(captured()), office, rotation());
    const after = first.lead.reduce(evolveLead, lead(captured()));
    expect(decideAssignLead(after, office, first.routing.reduce(evolveRotation, rotation()))).toEqual({ lead: [], routing: [] });
  });

  it('given an office that sends new leads straight to its pond, when a captured lead of its site is routed, then LeadPutInPond (pond-first) for the office, and no turn', () => {
    expect(decideAssignLead(lead(captured()), pondFirst, rotation(turn('A1')))).toEqual({ lead: [inPond('pond-first')], routing: [] });
  });

  it('given pond-first, when the lead asked about a listing with an active listing agent, then still the pond (every new lead of the office goes there)', () => {
    expect(decideAssignLead(lead(captured('NWMLS-1')), { ...pondFirst, listingAgentId: 'A3' }, rotation())).toEqual({
      lead: [inPond('pond-first')],
      routing: [],
    });
  });

  it('given pond-first but no active agent to claim, when routed, then the rules decide as without a pond (the owner takes it)', () => {
    expect(decideAssignLead(lead(captured()), { ...pondFirst, roster: [{ agentId: 'A2', active: false, weight: 1 }] }, rotation())).toEqual({
      lead: [leadAssigned('B', 'B', 'owner-fallback')],
      routing: [],
    });
  });

  it("given pond-first set for an agent's own site (only an office has a pond), when routed, then the owner gets it", () => {
    expect(decideAssignLead(lead(captured()), { ...agentSite, pondFirst: true }, rotation())).toEqual({
      lead: [leadAssigned('A9', 'B', 'own-site')],
      routing: [],
    });
  });

  it('given the lead is already in the pond, when routed again (a retry, or the sweep), then nothing on either stream', () => {
    expect(decideAssignLead(lead(captured(), inPond()), pondFirst, rotation())).toEqual({ lead: [], routing: [] });
    expect(decideAssignLead(lead(captured(), inPond()), office, rotation())).toEqual({ lead: [], routing: [] });
  });
});
