import { describe, expect, it } from 'vitest';
import { evolveLead, initialLead } from '../leads/lead';
import { decideAssignLead, initialRotation } from './route-lead/assign-lead.decide';
import { officeRules } from '../../../tests/support/routing-rules';
import { nextInRotation, routeLead } from './routing-rules';

const broker = officeRules('s');
/** The rotation after `agentId` took `streak` turns in a row. */
const after = (agentId: string, streak = 1) => ({ lastAgentId: agentId, streak });

describe('routing rules (pure)', () => {
  it('own site: the owner, with the owner’s broker as office', () => {
    expect(routeLead({ listingPdid: 'X-1' }, { ...broker, kind: 'agent', ownerId: 'A1', ownerOfficeId: 'B', roster: [] }, null)).toEqual({
      agentId: 'A1',
      officeId: 'B',
      rule: 'own-site',
      ruleVersion: 1,
    });
  });

  it('round robin: the next active agent after the last turn, skipping inactive ones, cyclic', () => {
    expect(nextInRotation(broker.roster, null)).toBe('A1');
    expect(nextInRotation(broker.roster, after('A1'))).toBe('A3');
    expect(nextInRotation(broker.roster, after('A3'))).toBe('A1');
    expect(nextInRotation(broker.roster, after('A2'))).toBe('A3');
    expect(nextInRotation(broker.roster, after('gone'))).toBe('A1');
    expect(nextInRotation([{ agentId: 'A2', active: false, weight: 1 }], null)).toBeNull();
    expect(routeLead({ listingPdid: null }, broker, after('A1'))).toMatchObject({ agentId: 'A3', officeId: 'B', rule: 'round-robin' });
  });

  it('listing agent: an active agent of the office who lists the home; inactive falls back to round robin', () => {
    expect(routeLead({ listingPdid: 'X-1' }, { ...broker, listingAgentId: 'A3' }, after('A3'))).toMatchObject({ agentId: 'A3', rule: 'listing-agent' });
    expect(routeLead({ listingPdid: 'X-1' }, { ...broker, listingAgentId: 'A2' }, after('A1'))).toMatchObject({ agentId: 'A3', rule: 'round-robin' });
    expect(routeLead({ listingPdid: 'X-1' }, { ...broker, listingAgentId: 'stranger' }, null)).toMatchObject({ agentId: 'A1', rule: 'round-robin' });
  });

  it("agent page: the broker or an agent of the office the visitor wrote to, in rotation or not, before the listing agent; a stranger or an agent's own site: the usual rules", () => {
    expect(routeLead({ listingPdid: 'X-1', requestedAgentId: 'A2' }, { ...broker, listingAgentId: 'A3' }, null)).toMatchObject({
      agentId: 'A2',
      officeId: 'B',
      rule: 'agent-page',
    });
    expect(routeLead({ listingPdid: null, requestedAgentId: 'B' }, broker, null)).toMatchObject({ agentId: 'B', rule: 'agent-page' });
    expect(routeLead({ listingPdid: null, requestedAgentId: 'stranger' }, broker, null)).toMatchObject({ agentId: 'A1', rule: 'round-robin' });
    expect(
      routeLead({ listingPdid: null, requestedAgentId: 'A9' }, { ...broker, kind: 'agent', ownerId: 'A1', ownerOfficeId: 'B', roster: [] }, null),
    ).toMatchObject({ agentId: 'A1', rule: 'own-site' });
  });

  it("decide: a lead who wrote from an agent's page skips a pond-first office's pond and goes to that agent", () => {
    const lead = evolveLead(initialLead(), {
      type: 'LeadCaptured',
      data: {
        leadId: 'L',
        userId: 'U',
        siteId: 's',
        fullName: 'N',
        email: 'e',
        phone: null,
        leadType: 'Buyer',
        source: 'direct',
        firstTouch: { src: null, referrer: null, at: '' },
        listingPdid: null,
        requestedAgentId: 'A3',
      },
    });
    expect(decideAssignLead(lead, { ...broker, pondFirst: true }, initialRotation())).toEqual({
      lead: [{ type: 'LeadAssigned', data: { leadId: 'L', siteId: 's', agentId: 'A3', officeId: 'B', rule: 'agent-page', ruleVersion: 1 } }],
      routing: [],
    });
  });

  it('nobody active: the site owner', () => {
    expect(routeLead({ listingPdid: null }, { ...broker, roster: [{ agentId: 'A2', active: false, weight: 1 }] }, null)).toMatchObject({
      agentId: 'B',
      rule: 'owner-fallback',
    });
  });

  it('decide: a round-robin turn beside LeadAssigned; an assigned lead is never assigned again', () => {
    const lead = evolveLead(initialLead(), {
      type: 'LeadCaptured',
      data: {
        leadId: 'L',
        userId: 'U',
        siteId: 's',
        fullName: 'N',
        email: 'e',
        phone: null,
        leadType: 'Buyer',
        source: 'direct',
        firstTouch: { src: null, referrer: null, at: '' },
        listingPdid: null,
      },
    });
    const d = decideAssignLead(lead, broker, initialRotation());
    expect(d.lead).toEqual([{ type: 'LeadAssigned', data: { leadId: 'L', siteId: 's', agentId: 'A1', officeId: 'B', rule: 'round-robin', ruleVersion: 1 } }]);
    expect(d.routing).toEqual([{ type: 'RoundRobinTurnTaken', data: { siteId: 's', leadId: 'L', agentId: 'A1' } }]);
    const assigned = d.lead.reduce(evolveLead, lead);
    expect(decideAssignLead(assigned, broker, initialRotation())).toEqual({ lead: [], routing: [] });
    expect(decideAssignLead(initialLead(), broker, initialRotation())).toEqual({ lead: [], routing: [] });
  });

  it('weights: an agent of weight 3 takes three turns in a row, then the next active agent; weight 1 moves on at once', () => {
    const weighted = {
      ...broker,
      roster: [
        { agentId: 'A1', active: true, weight: 3 },
        { agentId: 'A2', active: false, weight: 5 },
        { agentId: 'A3', active: true, weight: 1 },
      ],
    };
    expect(nextInRotation(weighted.roster, initialRotation())).toBe('A1');
    expect(nextInRotation(weighted.roster, after('A1', 1))).toBe('A1');
    expect(nextInRotation(weighted.roster, after('A1', 2))).toBe('A1');
    expect(nextInRotation(weighted.roster, after('A1', 3))).toBe('A3');
    expect(nextInRotation(weighted.roster, after('A3', 1))).toBe('A1');
    // Taken off mid-streak: the streak ends at once.
    expect(nextInRotation(weighted.roster, after('A2', 1))).toBe('A3');
  });

  it('listing agent first off: the round robin decides even for an active listing agent', () => {
    expect(routeLead({ listingPdid: 'X-1' }, { ...broker, listingAgentId: 'A3', listingAgentFirst: false }, after('A3'))).toMatchObject({
      agentId: 'A1',
      rule: 'round-robin',
    });
  });

  it('the version of the rules in force is the one recorded', () => {
    expect(routeLead({ listingPdid: null }, { ...broker, version: 7 }, null)).toMatchObject({ rule: 'round-robin', ruleVersion: 7 });
  });
});
