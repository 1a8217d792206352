import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import type { ShowingEvent } from '../../src/modules/showings/showings.events';
import { captured } from '../../tests/support/lead-events';
import { type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { listShowings, pendingShowingRequests, SHOWING_CHANGED_SIGNAL, SHOWING_REQUESTED_SIGNAL, showingsProjection } from './index';

const LEAD = specId(1);
const AGENT = specId(2);
const BROKER = specId(3);
const OTHER_AGENT = specId(4);
const SITE = specId(5);
const SHOWING = specId(6);
const REQUEST = specId(7);
const lead: readonly LeadEvent[] = [
  captured({ leadId: LEAD, userId: specId(8), siteId: SITE, fullName: 'Ada Lovelace' }),
  { type: 'LeadAssigned', data: { leadId: LEAD, siteId: SITE, agentId: AGENT, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 } },
];
const requested: GivenEvent & OrganizerEvent = {
  type: 'ShowingRequested',
  data: { leadId: LEAD, userId: specId(8), siteId: SITE, pdid: 'NW-1', preferredAt: '2026-03-10T17:00:00.000Z', message: 'After work?' },
  eventId: REQUEST,
};
// 10 a.m. on 10 March in Seattle (daylight time since the 8th), for an hour.
const proposed: ShowingEvent = {
  type: 'ShowingProposed',
  data: {
    showingId: SHOWING,
    leadId: LEAD,
    siteId: SITE,
    pdid: 'NW-1',
    address: '1 Pine St',
    timeZone: 'America/Los_Angeles',
    start: '2026-03-10T17:00:00.000Z',
    end: '2026-03-10T18:00:00.000Z',
    proposedBy: 'lead',
    byUserId: specId(8),
    message: 'After work?',
    requestEventId: REQUEST,
  },
};

describe('showings read model', () => {
  const spec = projectionSpecification(showingsProjection);

  it("given a lead's request, then it waits for the showing-requests reactor, which is woken", () =>
    spec
      .given(...lead)
      .when(requested)
      .then(async ({ pool, signals }) => {
        expect(await pendingShowingRequests(pool)).toMatchObject([{ eventId: REQUEST, leadId: LEAD, pdid: 'NW-1', message: 'After work?' }]);
        expect(signals).toEqual([{ signal: SHOWING_REQUESTED_SIGNAL, payload: { count: 1 } }]);
      }));

  it("given a request, when it becomes a proposed showing, then the request is done and the showing is the lead's agent's, on their and the office's calendars", () =>
    spec
      .given(...lead, requested)
      .when(proposed)
      .then(async ({ pool, pushes }) => {
        expect(await pendingShowingRequests(pool)).toEqual([]);
        expect(await listShowings(pool, { kind: 'office', officeId: BROKER }, null)).toMatchObject([
          { showingId: SHOWING, leadName: 'Ada Lovelace', agentId: AGENT, status: 'requested' },
        ]);
        expect(pushes).toEqual([
          {
            to: [`user:${AGENT}`, `user:${BROKER}`, 'staff'],
            name: 'calendar.changed',
            payload: { kind: 'showing', id: SHOWING, at: '2026-03-02T15:04:00.000Z' },
          },
        ]);
      }));

  it('given a proposed showing, when another agent confirms it, then it is theirs, reminding at 9 a.m. the day before on the listing’s clock', () =>
    spec
      .given(...lead, proposed)
      .when({ type: 'ShowingConfirmed', data: { showingId: SHOWING, leadId: LEAD, agentId: OTHER_AGENT, byUserId: OTHER_AGENT } })
      .then(async ({ pool, rows, signals }) => {
        expect((await listShowings(pool, { kind: 'agent', userId: OTHER_AGENT }, null)).map((s) => s.status)).toEqual(['confirmed']);
        expect(await listShowings(pool, { kind: 'agent', userId: AGENT }, null)).toEqual([]);
        expect(await rows('SELECT remind_at FROM showings')).toEqual([{ remind_at: new Date('2026-03-09T16:00:00.000Z') }]);
        expect(signals).toEqual([{ signal: SHOWING_CHANGED_SIGNAL, payload: { count: 1 } }]);
      }));

  it('given showings, then a week on the calendar holds only those overlapping it', () =>
    spec.given(...lead, proposed).then(async ({ pool }) => {
      const week = (from: string, to: string) => listShowings(pool, { kind: 'all' }, { from: new Date(from), to: new Date(to) });
      expect(await week('2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z')).toHaveLength(1);
      expect(await week('2026-03-10T18:00:00.000Z', '2026-03-16T00:00:00.000Z')).toEqual([]);
    }));
});
