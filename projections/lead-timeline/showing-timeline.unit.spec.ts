import { describe, expect, it } from 'vitest';
import type { ShowingEvent } from '../../src/modules/showings/showings.events';
import { showingSummary } from './showing-timeline';

const ids = { showingId: 'S1', leadId: 'L1' };
const S = { address: '200 Pine St, Seattle, WA 98101', timeZone: 'America/Los_Angeles', start: '2030-03-12T21:00:00.000Z' };
const proposed = (proposedBy: 'lead' | 'agent'): ShowingEvent => ({
  type: 'ShowingProposed',
  data: {
    ...ids,
    siteId: 's',
    pdid: 'T-P1',
    address: S.address,
    timeZone: S.timeZone,
    start: S.start,
    end: '2030-03-12T21:30:00.000Z',
    proposedBy,
    byUserId: 'A',
    message: '',
    requestEventId: null,
  },
});

describe("a showing's lines in the lead's timeline", () => {
  it('says who did what, on the listing’s clock', () => {
    const lines = [
      proposed('lead'),
      proposed('agent'),
      { type: 'ShowingConfirmed', data: { ...ids, agentId: 'A', byUserId: 'U', byLead: true } },
      { type: 'ShowingConfirmed', data: { ...ids, agentId: 'A', byUserId: 'A' } },
      {
        type: 'ShowingRescheduled',
        data: { ...ids, start: '2030-03-13T17:00:00.000Z', end: '2030-03-13T17:30:00.000Z', fromStart: S.start, fromEnd: S.start, sequence: 1, byUserId: 'A' },
      },
      { type: 'ShowingCancelled', data: { ...ids, sequence: 2, byUserId: 'U', byLead: true } },
      { type: 'ShowingCancelled', data: { ...ids, sequence: 2, byUserId: 'A' } },
      { type: 'ShowingCompleted', data: { ...ids, byUserId: 'A' } },
    ].map((e) => showingSummary(e as ShowingEvent, S));
    expect(lines).toEqual([
      null,
      'Showing of 200 Pine St proposed for Tue, Mar 12, 2:00 PM PDT',
      'Accepted the showing of 200 Pine St on Tue, Mar 12, 2:00 PM PDT',
      'Showing of 200 Pine St confirmed for Tue, Mar 12, 2:00 PM PDT',
      'Showing of 200 Pine St moved to Wed, Mar 13, 10:00 AM PDT',
      'Cancelled the showing of 200 Pine St on Tue, Mar 12, 2:00 PM PDT',
      'Showing of 200 Pine St on Tue, Mar 12, 2:00 PM PDT cancelled',
      'Showing of 200 Pine St done',
    ]);
  });
});
