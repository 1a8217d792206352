import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/contract/plans';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import type { EnrolmentEvent, PlanEvent } from '../../src/modules/plans/plans.events';
import { captured } from '../../tests/support/lead-events';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { actionPlansProjection, dueEnrolments, enrolmentsOfLead, leadsOfUser, PLANS_SIGNAL, plansOfOwner, plansOwnedBy } from './index';

const BROKER = specId(1);
const AGENT = specId(2);
const SITE = specId(3);
const PLAN = specId(4);
const lead = (n: number) => specId(10 + n);
const now = (e: GivenEvent): GivenEvent => ({ ...e, metadata: appendedNow() });
const STEPS: readonly PlanStep[] = [
  { kind: 'text', body: 'Hi {first_name}!', condition: null },
  { kind: 'wait', amount: 2, unit: 'days', condition: null },
];
const plan: PlanEvent = {
  type: 'PlanSaved',
  data: {
    planId: PLAN,
    scope: 'office',
    ownerId: BROKER,
    name: 'Hot buyers',
    version: 1,
    byUserId: BROKER,
    steps: STEPS,
    triggers: [{ kind: 'tag-added', tag: 'hot' }],
  },
};
const leadOf = (n: number): LeadEvent[] => [
  captured({ leadId: lead(n), userId: specId(20 + n), siteId: SITE }),
  { type: 'LeadAssigned', data: { leadId: lead(n), siteId: SITE, agentId: AGENT, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 } },
];
const tagged = (n: number, tags: string[]): LeadEvent => ({ type: 'LeadTagsChanged', data: { leadId: lead(n), siteId: SITE, tags, byUserId: AGENT } });
const enrolled = (n: number): EnrolmentEvent => ({
  type: 'PlanEnrolled',
  data: {
    leadId: lead(n),
    siteId: SITE,
    enrolmentId: specId(100 + n),
    planId: PLAN,
    planName: 'Hot buyers',
    planVersion: 1,
    steps: STEPS,
    byUserId: BROKER,
    how: 'trigger',
    triggerEventId: null,
    dueAt: '2026-03-02T16:00:00.000Z',
  },
});
describe('action plans read model', () => {
  const spec = projectionSpecification(actionPlansProjection);

  it('given an office plan triggered by the tag hot, when a lead of the office is tagged Hot, then the plan runner is woken (its queued trigger is readable now) and the plan is where a trigger finds it', () =>
    spec
      .given(plan, ...leadOf(1))
      .when(now(tagged(1, ['Hot'])), now(tagged(1, ['Hot', 'Buyer'])))
      .then(async ({ pool, signals }) => {
        expect(signals).toEqual([{ signal: PLANS_SIGNAL, payload: { queued: 0 } }]);
        expect((await plansOwnedBy(pool, [BROKER])).map((p) => p.name)).toEqual(['Hot buyers']);
        expect(await plansOfOwner(pool, AGENT, BROKER)).toEqual([PLAN]);
        expect(await plansOfOwner(pool, AGENT, null)).toEqual([]);
      }));

  it("given a lead, when it is enrolled, then its first step is due at its time and the lead's user finds the lead (an unsubscribe pauses their leads' plans)", () =>
    spec
      .given(plan, ...leadOf(2))
      .when(enrolled(2))
      .then(async ({ pool }) => {
        expect(await dueEnrolments(pool, new Date('2026-03-02T15:59:00.000Z'), 10)).toEqual([]);
        expect(await dueEnrolments(pool, new Date('2026-03-02T16:00:00.000Z'), 10)).toEqual([{ enrolmentId: specId(102), leadId: lead(2), index: 0 }]);
        expect(await leadsOfUser(pool, specId(22))).toEqual([lead(2)]);
      }));

  it('given an enrolment, when it is paused, then nothing of it falls due and the lead page says why', () =>
    spec
      .given(plan, ...leadOf(3), enrolled(3))
      .when({
        type: 'PlanEnrolmentPaused',
        data: { leadId: lead(3), enrolmentId: specId(103), planId: PLAN, planName: 'Hot buyers', reason: 'replied-text', byUserId: null },
      })
      .then(async ({ pool }) => {
        expect(await dueEnrolments(pool, new Date('2026-03-03T00:00:00.000Z'), 10)).toEqual([]);
        expect(await enrolmentsOfLead(pool, lead(3))).toMatchObject([{ enrolmentId: specId(103), status: 'paused', pauseReason: 'replied-text' }]);
      }));
});
