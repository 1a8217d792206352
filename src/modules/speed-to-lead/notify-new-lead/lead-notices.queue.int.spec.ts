import { describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../../../tests/support/projection-specification';
import type { LeadEvent } from '../../leads/leads.events';
import { LEAD_NOTICES_PUSH, leadNoticesProjection } from './lead-notices.queue';

const LEAD = specId(1);
const now = (e: LeadEvent, n: number): GivenEvent => ({ ...e, eventId: specId(100 + n), metadata: appendedNow() });
const assigned = (rule: 'round-robin' | 'manual'): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: LEAD, siteId: 's1', agentId: specId(2), officeId: specId(3), rule, ruleVersion: 1 },
});
const pond: LeadEvent = { type: 'LeadPutInPond', data: { leadId: LEAD, siteId: 's1', officeId: specId(3), fromAgentId: null, reason: 'pond-first' } };
const claimed: LeadEvent = { type: 'LeadClaimed', data: { leadId: LEAD, siteId: 's1', agentId: specId(2), officeId: specId(3) } };
const queue = (ids: readonly string[]) => ['SELECT event_id, type, state FROM lead_notice_queue WHERE event_id = ANY($1) ORDER BY event_id', [ids]] as const;

describe('speed-to-lead notice queue', () => {
  const spec = projectionSpecification(leadNoticesProjection);

  it('given nothing, when a new lead goes to the pond and is claimed, then both are queued for the notifier, which is woken once', () =>
    spec
      .given()
      .when(now(pond, 1), now(claimed, 2))
      .then(async ({ rows, signals }) => {
        expect(await rows(...queue([specId(101), specId(102)]))).toEqual([
          { event_id: specId(101), type: 'LeadPutInPond', state: 'pending' },
          { event_id: specId(102), type: 'LeadClaimed', state: 'pending' },
        ]);
        expect(signals).toEqual([{ signal: LEAD_NOTICES_PUSH, payload: { queued: 2 } }]);
      }));

  it('given nothing, when a lead is placed by hand or imported (rule manual), then nobody is notified; by a routing rule, they are', () =>
    spec
      .given()
      .when(now(assigned('manual'), 3), now(assigned('round-robin'), 4))
      .then(async ({ rows }) =>
        expect(await rows(...queue([specId(103), specId(104)]))).toEqual([{ event_id: specId(104), type: 'LeadAssigned', state: 'pending' }]),
      ));

  it('given nothing, when an assignment from before the queue existed is replayed, then no notice goes out', () =>
    spec
      .given()
      .when({ ...assigned('round-robin'), eventId: specId(105) })
      .then(async ({ rows, signals }) => {
        expect(await rows(...queue([specId(105)]))).toEqual([]);
        expect(signals).toEqual([]);
      }));
});
