import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { LeadEvent } from '../leads.events';
import { decideReassignLead, type ReassignLead, reassignLeadDecider } from './reassign-lead.decide';
import { refused } from '../../../../tests/support/refused';

const LEAD = 'L1';
const captured: LeadEvent = {
  type: 'LeadCaptured',
  data: {
    leadId: LEAD,
    userId: 'u-lead',
    siteId: 's1',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    leadType: 'Buyer',
    source: 'direct',
    firstTouch: { src: null, referrer: null, at: '2026-01-01T00:00:00.000Z' },
    listingPdid: null,
  },
};
const assigned = (agentId: string, officeId: string | null = 'B'): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: LEAD, siteId: 's1', agentId, officeId, rule: 'round-robin', ruleVersion: 1 },
});
const reassigned = (fromAgentId: string | null, agentId: string): LeadEvent => ({
  type: 'LeadReassigned',
  data: { leadId: LEAD, siteId: 's1', fromAgentId, agentId, officeId: 'B', byUserId: 'B' },
});
const given = (...events: LeadEvent[]) => fold(reassignLeadDecider, events);
const reassign = (agentId: string, byUserId = 'B'): ReassignLead => ({ leadId: LEAD, agentId, byUserId });

describe('ReassignLead (given / when / then)', () => {
  it('given a lead assigned to A1 in office B, when the broker moves it to A3, then LeadReassigned from A1 to A3 keeping the office and naming who moved it', () => {
    expect(decideReassignLead(reassign('A3'), given(captured, assigned('A1')))).toEqual([
      { type: 'LeadReassigned', data: { leadId: LEAD, siteId: 's1', fromAgentId: 'A1', agentId: 'A3', officeId: 'B', byUserId: 'B' } },
    ]);
  });

  it('given a lead assigned to A1 then reassigned to A3, when moved back to A1 by staff, then LeadReassigned from A3 to A1 by staff', () => {
    expect(decideReassignLead(reassign('A1', 'staff-1'), given(captured, assigned('A1'), reassigned('A1', 'A3')))).toEqual([
      { type: 'LeadReassigned', data: { leadId: LEAD, siteId: 's1', fromAgentId: 'A3', agentId: 'A1', officeId: 'B', byUserId: 'staff-1' } },
    ]);
  });

  it('given a lead assigned to A1, when the broker takes it, then LeadReassigned to the broker', () => {
    expect(decideReassignLead(reassign('B'), given(captured, assigned('A1')))).toEqual([reassigned('A1', 'B')]);
  });

  it('given a lead assigned to an independent agent, when moved, then LeadReassigned with no office', () => {
    expect(decideReassignLead(reassign('A3'), given(captured, assigned('A1', null)))).toEqual([
      { type: 'LeadReassigned', data: { leadId: LEAD, siteId: 's1', fromAgentId: 'A1', agentId: 'A3', officeId: null, byUserId: 'B' } },
    ]);
  });

  it('given a captured lead not yet routed, when moved to A3, then LeadReassigned from nobody (fromAgentId null)', () => {
    expect(decideReassignLead(reassign('A3'), given(captured))).toEqual([
      { type: 'LeadReassigned', data: { leadId: LEAD, siteId: 's1', fromAgentId: null, agentId: 'A3', officeId: null, byUserId: 'B' } },
    ]);
  });

  it('given a lead assigned to A1, when moved to A1, then nothing', () => {
    expect(decideReassignLead(reassign('A1'), given(captured, assigned('A1')))).toEqual([]);
  });

  it('given a lead reassigned to A3, when moved to A3 again (a retry), then nothing', () => {
    expect(decideReassignLead(reassign('A3'), given(captured, assigned('A1'), reassigned('A1', 'A3')))).toEqual([]);
  });

  it("given no lead, when reassigned, then not found 'Not found'", () => {
    expect(refused(() => decideReassignLead(reassign('A3'), given()))).toMatchObject({ code: 'not_found', message: 'Not found' });
  });
});
