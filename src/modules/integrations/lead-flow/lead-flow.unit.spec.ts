import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { decideAssignLead, initialRotation } from '../../office';
import type { RoutingRules } from '../../office';
import { decideLeadFlow, leadFlowDecider, SOURCE_TWICE } from './lead-flow.decide';
import { evolveLeadFlow, initialLeadFlow, type LeadFlowEvent, leadFlowTargetFor } from './lead-flow.events';

// The office's lead flow as one pure function (which rule a source falls under) and the source
// step it adds to routing (who gets the lead, which plan rides on the placement).
const B = 'B';
const office = (over: Partial<RoutingRules> = {}): RoutingRules => ({
  siteId: 'S',
  kind: 'broker',
  ownerId: B,
  ownerOfficeId: null,
  roster: [
    { agentId: 'A1', active: true, weight: 1 },
    { agentId: 'A2', active: true, weight: 1 },
    { agentId: 'A3', active: false, weight: 1 },
  ],
  listingAgentId: 'A2',
  pondFirst: false,
  listingAgentFirst: true,
  version: 4,
  ...over,
});
const lead = { exists: true as const, leadId: 'L', siteId: 'S', listingPdid: 'P1', requestedAgentId: null, agentId: null, inPond: false };
const changed = (
  rules: { source: string; assignTo: string; actionPlanId: string | null }[],
  def = { assignTo: 'routing-rules', actionPlanId: null },
): LeadFlowEvent => ({
  type: 'LeadFlowChanged',
  data: { officeId: B, rules, defaultRule: def, byUserId: B },
});
const flowOf = (...events: LeadFlowEvent[]) => fold({ initialState: initialLeadFlow, evolve: evolveLeadFlow }, events);
const placed = (d: ReturnType<typeof decideAssignLead>) => d.lead[0]!;

describe('lead flow: the rule a source falls under', () => {
  it('given an office that never chose, then every source goes by the routing rules and starts no plan', () => {
    expect(leadFlowTargetFor(initialLeadFlow(), 'Zillow')).toEqual({ assignTo: 'routing-rules', actionPlanId: null });
  });

  it('given a rule for Zillow, then a Zillow lead (in any case) takes it, and an unknown source takes the default rule', () => {
    const flow = flowOf(changed([{ source: 'Zillow', assignTo: 'A1', actionPlanId: 'PLAN' }], { assignTo: 'pond', actionPlanId: null }));
    expect(leadFlowTargetFor(flow, ' zillow ')).toEqual({ assignTo: 'A1', actionPlanId: 'PLAN' });
    expect(leadFlowTargetFor(flow, 'Homes.com')).toEqual({ assignTo: 'pond', actionPlanId: null });
  });

  it('when the broker saves a source twice, then it is refused; the same rules again append nothing', () => {
    const cmd = { kind: 'rules' as const, officeId: B, byUserId: B, defaultRule: { assignTo: 'routing-rules', actionPlanId: null } };
    expect(() =>
      decideLeadFlow(
        {
          ...cmd,
          rules: [
            { source: 'Zillow', assignTo: 'pond', actionPlanId: null },
            { source: 'ZILLOW', assignTo: 'A1', actionPlanId: null },
          ],
        },
        initialLeadFlow(),
      ),
    ).toThrow(SOURCE_TWICE);
    const rules = [{ source: 'Zillow', assignTo: 'pond', actionPlanId: null }];
    const first = leadFlowDecider.decide({ ...cmd, rules }, initialLeadFlow());
    expect(first).toEqual([changed(rules)]);
    expect(leadFlowDecider.decide({ ...cmd, rules }, flowOf(...first))).toEqual([]);
  });
});

describe('routing with the lead flow (the source step before the routing rules)', () => {
  it('a source ruled to an agent goes to that agent (rule lead-flow), past the listing agent, with its plan on the LeadAssigned', () => {
    const d = decideAssignLead(lead, office(), initialRotation(), { assignTo: 'A1', actionPlanId: 'PLAN' });
    expect(placed(d)).toEqual({
      type: 'LeadAssigned',
      data: { leadId: 'L', siteId: 'S', agentId: 'A1', officeId: B, rule: 'lead-flow', ruleVersion: 4, planId: 'PLAN' },
    });
    expect(d.routing).toEqual([]);
  });

  it('a source ruled to the pond goes to the pond, with its plan', () => {
    expect(placed(decideAssignLead(lead, office(), initialRotation(), { assignTo: 'pond', actionPlanId: 'PLAN' }))).toMatchObject({
      type: 'LeadPutInPond',
      data: { leadId: 'L', officeId: B, planId: 'PLAN' },
    });
  });

  it('a source ruled to round robin takes the next turn (not the listing agent), and records it', () => {
    const d = decideAssignLead(lead, office(), { lastAgentId: 'A1', streak: 1 }, { assignTo: 'round-robin', actionPlanId: null });
    expect(placed(d)).toMatchObject({ type: 'LeadAssigned', data: { agentId: 'A2', rule: 'round-robin' } });
    expect(placed(d).data).not.toHaveProperty('planId');
    expect(d.routing).toEqual([{ type: 'RoundRobinTurnTaken', data: { siteId: 'S', leadId: 'L', agentId: 'A2' } }]);
  });

  it('an agent now off, or the routing rules named, falls to the routing rules (listing agent first here); the plan still starts', () => {
    expect(placed(decideAssignLead(lead, office(), initialRotation(), { assignTo: 'A3', actionPlanId: 'PLAN' }))).toMatchObject({
      data: { agentId: 'A2', rule: 'listing-agent', planId: 'PLAN' },
    });
    expect(placed(decideAssignLead(lead, office(), initialRotation(), { assignTo: 'routing-rules', actionPlanId: null }))).toMatchObject({
      data: { agentId: 'A2', rule: 'listing-agent' },
    });
  });

  it("a lead who chose an agent by their page still goes to them; an agent's own site ignores the office's flow", () => {
    expect(placed(decideAssignLead({ ...lead, requestedAgentId: 'A2' }, office(), initialRotation(), { assignTo: 'pond', actionPlanId: null }))).toMatchObject({
      data: { agentId: 'A2', rule: 'agent-page' },
    });
    const own = decideAssignLead(lead, office({ kind: 'agent', ownerId: 'A1', roster: [] }), initialRotation(), { assignTo: 'pond', actionPlanId: 'PLAN' });
    expect(placed(own)).toEqual({ type: 'LeadAssigned', data: { leadId: 'L', siteId: 'S', agentId: 'A1', officeId: null, rule: 'own-site', ruleVersion: 4 } });
  });

  it('the pond with nobody active to claim falls to the routing rules (the broker)', () => {
    const nobody = office({ roster: [{ agentId: 'A1', active: false, weight: 1 }], listingAgentId: null });
    expect(placed(decideAssignLead(lead, nobody, initialRotation(), { assignTo: 'pond', actionPlanId: null }))).toMatchObject({
      type: 'LeadAssigned',
      data: { agentId: B, rule: 'owner-fallback' },
    });
  });
});
