import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { assigned, captured, LEAD, stageChanged, tagsChanged } from '../../../../tests/support/lead-events';
import { refused } from '../../../../tests/support/refused';
import { DEFAULT_PIPELINE } from '../../office/office.events';
import { type LeadEvent } from '../leads.events';
import { decidePatchLead, type PatchLead, patchLeadDecider } from './patch-lead.decide';

const given = (...events: LeadEvent[]) => fold(patchLeadDecider, events);
const patch = (p: Omit<PatchLead, 'leadId' | 'byUserId' | 'pipeline'>, byUserId = 'B'): PatchLead => ({
  leadId: LEAD,
  byUserId,
  pipeline: DEFAULT_PIPELINE,
  ...p,
});

describe('PATCH a lead (given / when / then)', () => {
  it('given a lead of A1, when the broker sends a new agent, stage, tags and phone at once, then the four events in that order, each on the state before', () => {
    const events = decidePatchLead(
      patch({ assignedAgentId: 'A2', stage: 'active', tags: ['Hot'], contact: { phone: '4255550199' } }),
      given(captured(), assigned('A1')),
    );
    expect(events.map((e) => e.type)).toEqual(['LeadReassigned', 'LeadStageChanged', 'LeadTagsChanged', 'LeadContactEdited']);
    expect(events[0]!.data).toMatchObject({ fromAgentId: 'A1', agentId: 'A2', byUserId: 'B' });
    expect(events[1]).toEqual(stageChanged('New', 'Active', 'B'));
    expect(events[2]).toEqual(tagsChanged(['Hot'], 'B'));
  });

  it('given a lead, when only what it already has is sent, then nothing', () => {
    expect(decidePatchLead(patch({ assignedAgentId: 'A1', stage: 'New', tags: ['Hot'] }), given(captured(), assigned('A1'), tagsChanged(['Hot'])))).toEqual([]);
  });

  it('when one part is refused (an unknown stage), then nothing of the others is decided', () => {
    expect(refused(() => decidePatchLead(patch({ tags: ['Hot'], stage: 'Nowhere' }), given(captured(), assigned('A1')))).code).toBe('validation');
  });

  it('given no lead, then 404', () => {
    expect(refused(() => decidePatchLead(patch({ stage: 'Active' }), given())).code).toBe('not_found');
  });

  it('when a stage change of the lead’s own agent comes with nothing else, then LeadStageChanged by that agent', () => {
    expect(decidePatchLead(patch({ stage: 'Lost' }, 'A1'), given(captured(), assigned('A1'), stageChanged('New', 'Active')))).toEqual([
      stageChanged('Active', 'Lost', 'A1'),
    ]);
  });
});
