import { describe, expect, it } from 'vitest';
import type { BehaviourAlertRaised } from '../../src/modules/behaviour/behaviour.events';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { BEHAVIOUR_MAIL_QUEUED, BEHAVIOUR_QUEUED, behaviourAlertsFor, behaviourAlertsProjection, behaviourTriggerOf } from './index';

const LEAD = specId(1);
const AGENT = specId(2);
const BROKER = specId(3);
const SITE = specId(4);
const lead = captured({ leadId: LEAD, userId: specId(5), siteId: SITE, fullName: 'Ada Lovelace' });
const viewed = (n: number, pdid: string, fresh = false): GivenEvent => ({
  type: 'ListingViewed',
  data: { leadId: LEAD, userId: specId(5), siteId: SITE, pdid, address: null, price: null },
  eventId: specId(100 + n),
  ...(fresh ? { metadata: appendedNow() } : {}),
});
const raised = (n: number, agentId = AGENT): GivenEvent & BehaviourAlertRaised => ({
  type: 'BehaviourAlertRaised',
  data: {
    alertId: specId(200 + n),
    leadId: LEAD,
    kind: 'repeatViews',
    window: 'repeatViews:NW-1',
    reason: 'Viewed 1 Pine St three times',
    pdid: 'NW-1',
    causeEventId: specId(103),
    at: '2026-03-02T15:03:00.000Z',
    agentId,
    officeId: BROKER,
  },
  metadata: appendedNow(),
});

describe('behaviour alerts read model', () => {
  const spec = projectionSpecification(behaviourAlertsProjection);

  it("given a lead's views, when it views a home again, then the detector is woken for it and reads that view with the earlier ones of the same home", () =>
    spec
      .given(lead, viewed(1, 'NW-1'), viewed(2, 'NW-2'))
      .when(viewed(3, 'NW-1', true))
      .then(async ({ pool, signals }) => {
        const trigger = await behaviourTriggerOf(pool, specId(103));
        expect(trigger?.leadId).toBe(LEAD);
        expect(trigger?.trigger).toMatchObject({ kind: 'view', pdid: 'NW-1' });
        expect(trigger?.before.map((f) => f.eventId)).toEqual([specId(101), specId(102)]);
        expect(signals).toEqual([{ signal: BEHAVIOUR_QUEUED, payload: { queued: 1 } }]);
      }));

  it('given a lead, when an alert is raised, then its agent and office are told and its e-mail is queued, once however often it is replayed', () =>
    spec
      .given(lead)
      .when(raised(1), raised(1))
      .then(async ({ pool, pushes, signals }) => {
        expect(await behaviourAlertsFor(pool, { userId: BROKER, role: 'broker' }, { limit: 10 })).toMatchObject([
          { alertId: specId(201), leadName: 'Ada Lovelace', kind: 'repeatViews', agentId: AGENT },
        ]);
        expect(pushes).toMatchObject([
          { to: [`user:${AGENT}`, `user:${BROKER}`, 'staff'], name: 'lead.behaviour', payload: { alertId: specId(201), leadName: 'Ada Lovelace' } },
        ]);
        expect(signals).toEqual([{ signal: BEHAVIOUR_MAIL_QUEUED, payload: { queued: 1 } }]);
      }));

  it("given an alert, when the lead is handed to another agent, then the alert is theirs and the first agent's list no longer holds it", () =>
    spec
      .given(lead, raised(2))
      .when({
        type: 'LeadReassigned',
        data: { leadId: LEAD, siteId: SITE, fromAgentId: AGENT, agentId: specId(6), officeId: BROKER, byUserId: BROKER },
      } satisfies LeadEvent)
      .then(async ({ pool }) => {
        expect(await behaviourAlertsFor(pool, { userId: AGENT, role: 'agent' }, { limit: 10 })).toEqual([]);
        expect((await behaviourAlertsFor(pool, { userId: specId(6), role: 'agent' }, { limit: 10 })).map((a) => a.alertId)).toEqual([specId(202)]);
      }));
});
