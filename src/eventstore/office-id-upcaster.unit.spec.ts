// rename-office: keep (the spec writes events in their old, stored shape)
import { describe, expect, it } from 'vitest';
import { upcastData } from './office-id-upcaster';

describe('office id upcaster', () => {
  it('reads a listed event stored with brokerId as officeId, with the rest of its data as it was', () => {
    expect(upcastData('LeadClaimed', { leadId: 'L', siteId: 'S', agentId: 'A', brokerId: 'B' })).toEqual({
      leadId: 'L',
      siteId: 'S',
      agentId: 'A',
      officeId: 'B',
    });
    expect(upcastData('UserRegistered', { userId: 'U', brokerId: null })).toEqual({ userId: 'U', officeId: null });
  });

  it('leaves an event already written with officeId, and events of other types, as they are', () => {
    const current = { leadId: 'L', officeId: 'B' };
    expect(upcastData('LeadClaimed', current)).toBe(current);
    const other = { brokerId: 'B' };
    expect(upcastData('SearchRun', other)).toBe(other);
    expect(upcastData('LeadClaimed', null)).toBeNull();
  });
});
