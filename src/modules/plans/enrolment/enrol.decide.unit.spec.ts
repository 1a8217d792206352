import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import type { PlanStep } from '../../../contract/plans';
import type { EnrolmentEvent } from '../plans.events';
import { ALREADY_ON_PLAN, decideEnrolment, type EnrolmentCommand, enrolmentDecider, NOT_PAUSED, NOT_RUNNING } from './enrol.decide';

const steps: PlanStep[] = [{ kind: 'add-tag', tag: 'nurture', condition: null }];
const T0 = '2026-06-02T14:00:00.000Z';
const enrol = (enrolmentId: string, how: 'hand' | 'trigger' = 'hand'): EnrolmentCommand => ({
  kind: 'enrol',
  leadId: 'L1',
  siteId: 'S1',
  enrolmentId,
  plan: { planId: 'p1', name: 'Nurture', version: 3, steps },
  byUserId: 'a1',
  how,
  triggerEventId: how === 'trigger' ? 'ev1' : null,
  now: T0,
});
const enrolled = (enrolmentId: string): EnrolmentEvent => ({
  type: 'PlanEnrolled',
  data: {
    leadId: 'L1',
    siteId: 'S1',
    enrolmentId,
    planId: 'p1',
    planName: 'Nurture',
    planVersion: 3,
    steps,
    byUserId: 'a1',
    how: 'hand',
    triggerEventId: null,
    dueAt: T0,
  },
});
const ids = { leadId: 'L1', enrolmentId: 'e1', planId: 'p1', planName: 'Nurture' };
const paused: EnrolmentEvent = { type: 'PlanEnrolmentPaused', data: { ...ids, reason: 'replied-text', byUserId: null } };
const given = (...events: EnrolmentEvent[]) => fold(enrolmentDecider, events);

describe('enrolling a lead on a plan (given / when / then)', () => {
  it('given none, when enrolled, then PlanEnrolled with the plan’s steps, due now; the same id again appends nothing', () => {
    expect(decideEnrolment(enrol('e1'), given())).toEqual([enrolled('e1')]);
    expect(decideEnrolment(enrol('e1'), given(enrolled('e1')))).toEqual([]);
  });

  it('given the lead on the plan, when enrolled again by hand, then a conflict; by a trigger, then nothing', () => {
    expect(refused(() => decideEnrolment(enrol('e2'), given(enrolled('e1'))))).toMatchObject({ code: 'conflict', message: ALREADY_ON_PLAN });
    expect(decideEnrolment(enrol('e2', 'trigger'), given(enrolled('e1'), paused))).toEqual([]);
  });

  it('given the plan stopped for the lead, when enrolled again, then a new enrolment', () => {
    const stopped: EnrolmentEvent = { type: 'PlanEnrolmentStopped', data: { ...ids, byUserId: 'a1' } };
    expect(decideEnrolment(enrol('e2'), given(enrolled('e1'), stopped))).toEqual([enrolled('e2')]);
  });

  it('given an active enrolment, when paused for a reply, then PlanEnrolmentPaused; paused again appends nothing', () => {
    expect(decideEnrolment({ kind: 'pause', enrolmentId: 'e1', reason: 'replied-text', byUserId: null }, given(enrolled('e1')))).toEqual([paused]);
    expect(decideEnrolment({ kind: 'pause', enrolmentId: 'e1', reason: 'replied-email', byUserId: null }, given(enrolled('e1'), paused))).toEqual([]);
  });

  it('given a paused enrolment, when resumed, then due at once (or at its due time if later); resuming an active one is refused', () => {
    const later = '2026-06-01T00:00:00.000Z';
    expect(decideEnrolment({ kind: 'resume', enrolmentId: 'e1', byUserId: 'a1', now: later }, given(enrolled('e1'), paused))).toEqual([
      { type: 'PlanEnrolmentResumed', data: { ...ids, byUserId: 'a1', resumedAt: later, dueAt: T0 } },
    ]);
    expect(refused(() => decideEnrolment({ kind: 'resume', enrolmentId: 'e1', byUserId: 'a1', now: T0 }, given(enrolled('e1'))))).toMatchObject({
      message: NOT_PAUSED,
    });
  });

  it('given a stopped enrolment, when stopped again, then refused; an unknown one is not found', () => {
    const stopped: EnrolmentEvent = { type: 'PlanEnrolmentStopped', data: { ...ids, byUserId: 'a1' } };
    expect(decideEnrolment({ kind: 'stop', enrolmentId: 'e1', byUserId: 'a1' }, given(enrolled('e1')))).toEqual([stopped]);
    expect(refused(() => decideEnrolment({ kind: 'stop', enrolmentId: 'e1', byUserId: 'a1' }, given(enrolled('e1'), stopped)))).toMatchObject({
      message: NOT_RUNNING,
    });
    expect(refused(() => decideEnrolment({ kind: 'stop', enrolmentId: 'nope', byUserId: 'a1' }, given(enrolled('e1'))))).toMatchObject({ code: 'not_found' });
  });
});
