import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { leadCaptured } from '../../../../tests/support/lead-events';
import type { LeadEvent } from '../leads.events';
import { decidePutInPond, type PutInPond, putInPondDecider } from './put-in-pond.decide';

const LEAD = 'L1';
const captured = leadCaptured(LEAD);
const assigned = (agentId: string, officeId: string | null = 'B'): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: LEAD, siteId: 's1', agentId, officeId, rule: 'round-robin', ruleVersion: 1 },
});
const contacted: LeadEvent = { type: 'LeadFirstContacted', data: { leadId: LEAD, siteId: 's1', byUserId: 'A1', via: 'call', at: '2026-01-01T10:05:00.000Z' } };
const ponded: LeadEvent = { type: 'LeadPutInPond', data: { leadId: LEAD, siteId: 's1', officeId: 'B', fromAgentId: 'A1', reason: 'not-contacted' } };
const given = (...events: LeadEvent[]) => fold(putInPondDecider, events);
const DUE = '2026-01-01T10:15:00.000Z';
const at = (now: string, over: Partial<PutInPond> = {}): PutInPond => ({
  leadId: LEAD,
  agentId: 'A1',
  officeId: 'B',
  dueAt: DUE,
  now,
  pondEnabled: true,
  ...over,
});

describe('PutInPond: the claim window passed without a first contact (given / when / then)', () => {
  it('given a lead assigned to A1 in office B and not contacted, when the clock reaches its deadline, then LeadPutInPond (not-contacted) from A1', () => {
    expect(decidePutInPond(at(DUE), given(captured, assigned('A1')))).toEqual([ponded]);
  });

  it('given the same lead, when the clock is a second before the deadline, then nothing yet', () => {
    expect(decidePutInPond(at('2026-01-01T10:14:59.000Z'), given(captured, assigned('A1')))).toEqual([]);
  });

  it('given A1 contacted the lead within the window (LeadFirstContacted), when the deadline passes, then nothing', () => {
    expect(decidePutInPond(at('2026-01-01T11:00:00.000Z'), given(captured, assigned('A1'), contacted))).toEqual([]);
  });

  it('given the lead already went to the pond (the other instance, a retry), when the deadline is seen again, then nothing: once', () => {
    expect(decidePutInPond(at(DUE), given(captured, assigned('A1'), ponded))).toEqual([]);
  });

  it('given the broker turned the pond off since, when the deadline passes, then nothing', () => {
    expect(decidePutInPond(at(DUE, { pondEnabled: false }), given(captured, assigned('A1')))).toEqual([]);
  });

  it('given the lead moved to A3 after the deadline was set for A1, when that deadline passes, then nothing (A3’s assignment has its own)', () => {
    const moved: LeadEvent = { type: 'LeadReassigned', data: { leadId: LEAD, siteId: 's1', fromAgentId: 'A1', agentId: 'A3', officeId: 'B', byUserId: 'B' } };
    expect(decidePutInPond(at(DUE), given(captured, assigned('A1'), moved))).toEqual([]);
  });

  it('given the deadline was set in office B, when the lead is now in office C, then nothing', () => {
    expect(decidePutInPond(at(DUE, { officeId: 'C' }), given(captured, assigned('A1')))).toEqual([]);
  });

  it('given a lead of an independent agent (no office), or no lead, when a deadline passes, then nothing', () => {
    expect(decidePutInPond(at(DUE), given(captured, assigned('A1', null)))).toEqual([]);
    expect(decidePutInPond(at(DUE), given())).toEqual([]);
  });
});
