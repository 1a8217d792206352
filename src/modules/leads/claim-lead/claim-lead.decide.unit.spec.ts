import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { leadCaptured } from '../../../../tests/support/lead-events';
import { refused } from '../../../../tests/support/refused';
import type { LeadEvent } from '../leads.events';
import { type ClaimLead, claimLeadDecider, decideClaimLead } from './claim-lead.decide';

const LEAD = 'L1';
const captured = leadCaptured(LEAD);
const assigned = (agentId: string): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: LEAD, siteId: 's1', agentId, officeId: 'B', rule: 'round-robin', ruleVersion: 1 },
});
const pond = (fromAgentId: string | null, reason: 'not-contacted' | 'pond-first' = 'not-contacted'): LeadEvent => ({
  type: 'LeadPutInPond',
  data: { leadId: LEAD, siteId: 's1', officeId: 'B', fromAgentId, reason },
});
const claimed = (agentId: string): LeadEvent => ({ type: 'LeadClaimed', data: { leadId: LEAD, siteId: 's1', agentId, officeId: 'B' } });
const given = (...events: LeadEvent[]) => fold(claimLeadDecider, events);
const claim = (agentId: string, officeId: string | null = 'B'): ClaimLead => ({ leadId: LEAD, agentId, officeId });

describe('ClaimLead: first to claim wins (given / when / then)', () => {
  it('given a lead of office B put in the pond after A1 did not contact it, when A2 of office B claims it, then LeadClaimed for A2 in office B', () => {
    expect(decideClaimLead(claim('A2'), given(captured, assigned('A1'), pond('A1')))).toEqual([claimed('A2')]);
  });

  it('given a lead sent straight to the pond (pond-first), when A1 claims it, then LeadClaimed for A1', () => {
    expect(decideClaimLead(claim('A1'), given(captured, pond(null, 'pond-first')))).toEqual([claimed('A1')]);
  });

  it('given the broker of office B, when they claim a pond lead of their office, then LeadClaimed for the broker', () => {
    expect(decideClaimLead(claim('B', 'B'), given(captured, pond(null, 'pond-first')))).toEqual([claimed('B')]);
  });

  it("given A2 claimed the pond lead first, when A3 claims it (the second claim, decided again on the claimed lead), then refused 409 'Another agent claimed this lead first'", () => {
    const first = decideClaimLead(claim('A2'), given(captured, pond(null, 'pond-first')));
    const after = fold(claimLeadDecider, [captured, pond(null, 'pond-first'), ...first]);
    expect(refused(() => decideClaimLead(claim('A3'), after))).toMatchObject({ code: 'conflict', message: 'Another agent claimed this lead first' });
  });

  it('given A2 claimed the pond lead, when A2 claims it again (a double click, a retry), then nothing', () => {
    expect(decideClaimLead(claim('A2'), given(captured, pond(null, 'pond-first'), claimed('A2')))).toEqual([]);
  });

  it('given a pond lead of office B, when an agent of office C claims it, then not found (another office’s lead does not exist for them)', () => {
    expect(refused(() => decideClaimLead(claim('C1', 'C'), given(captured, assigned('A1'), pond('A1'))))).toMatchObject({
      code: 'not_found',
      message: 'Not found',
    });
  });

  it('given a pond lead, when an agent without an office claims it, then not found', () => {
    expect(refused(() => decideClaimLead(claim('X1', null), given(captured, pond(null, 'pond-first'))))).toMatchObject({ code: 'not_found' });
  });

  it('given a lead of office B assigned to A1 that was never in the pond, when A2 claims it, then not found (it is A1’s, not up for grabs)', () => {
    expect(refused(() => decideClaimLead(claim('A2'), given(captured, assigned('A1'))))).toMatchObject({ code: 'not_found' });
  });

  it('given a pond lead the broker then gave to A1 (LeadReassigned), when A2 claims it, then refused 409 (it left the pond)', () => {
    const reassigned: LeadEvent = {
      type: 'LeadReassigned',
      data: { leadId: LEAD, siteId: 's1', fromAgentId: null, agentId: 'A1', officeId: 'B', byUserId: 'B' },
    };
    expect(refused(() => decideClaimLead(claim('A2'), given(captured, pond(null, 'pond-first'), reassigned)))).toMatchObject({ code: 'conflict' });
  });

  it('given no lead, when claimed, then not found', () => {
    expect(refused(() => decideClaimLead(claim('A1'), given()))).toMatchObject({ code: 'not_found' });
  });
});
