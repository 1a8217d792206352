import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { PlanStep } from '../../../contract/plans';
import { planStepId } from '../enrolment/enrolments';
import type { EnrolmentEvent } from '../plans.events';
import { decideRunStep, SKIP, type StepFacts, runStepDecider } from './run-step.decide';

const T0 = '2026-06-02T14:00:00.000Z'; // a Tuesday, 10:00 in New York
const steps: PlanStep[] = [
  { kind: 'email', templateId: 't1', condition: null },
  { kind: 'wait', amount: 1, unit: 'days', condition: null },
  { kind: 'text', body: 'Hi {first_name}', condition: { kind: 'tag-present', tag: 'Buyer' } },
  { kind: 'stage', stage: 'Nurture', condition: null },
];
const enrolled: EnrolmentEvent = {
  type: 'PlanEnrolled',
  data: {
    leadId: 'L1',
    siteId: 'S1',
    enrolmentId: 'e1',
    planId: 'p1',
    planName: 'Nurture',
    planVersion: 1,
    steps,
    byUserId: 'a1',
    how: 'hand',
    triggerEventId: null,
    dueAt: T0,
  },
};
const facts: StepFacts = {
  now: T0,
  zone: 'America/New_York',
  stage: 'New',
  tags: ['buyer'],
  openedAlert: false,
  emailConsent: true,
  hasEmailAddress: true,
  textRefusal: null,
  templateName: 'Welcome',
  pipelineStages: ['New', 'Nurture', 'Closed'],
  pause: null,
};
const ids = { leadId: 'L1', enrolmentId: 'e1', planId: 'p1', planName: 'Nurture' };
const recorded = (index: number, over: Partial<Extract<EnrolmentEvent, { type: 'PlanStepRecorded' }>['data']>): EnrolmentEvent => ({
  type: 'PlanStepRecorded',
  data: {
    ...ids,
    stepId: planStepId('e1', index),
    index,
    kind: steps[index]!.kind,
    step: steps[index]!,
    byUserId: 'a1',
    outcome: 'done',
    reason: null,
    detail: '',
    at: T0,
    nextDueAt: T0,
    ...over,
  },
});
const given = (...events: EnrolmentEvent[]) => fold(runStepDecider, events);
const run = (index: number, f: Partial<StepFacts> = {}, ...events: EnrolmentEvent[]) =>
  decideRunStep({ enrolmentId: 'e1', index, facts: { ...facts, ...f } }, given(enrolled, ...events));

describe('running a plan step (given / when / then)', () => {
  it('given a new enrolment, when its first step is due, then the e-mail step is recorded done with a stable step id', () => {
    expect(run(0)).toEqual([recorded(0, { detail: 'E-mail "Welcome"' })]);
  });

  it('given the step already recorded (another instance, or before a crash), when run again, then nothing', () => {
    const first = run(0);
    expect(run(0, {}, ...first)).toEqual([]);
  });

  it('given a wait step, when run, then the next step is due a business day later', () => {
    const e0 = run(0);
    expect(run(1, {}, ...e0)).toEqual([recorded(1, { detail: 'Wait 1 business day', nextDueAt: '2026-06-03T14:00:00.000Z' })]);
    // Before then the next step is not due: nothing.
    const e1 = run(1, {}, ...e0);
    expect(run(2, { now: '2026-06-03T13:59:00.000Z' }, ...e0, ...e1)).toEqual([]);
  });

  it('when the lead unsubscribed from e-mail, or the template is gone, then the e-mail step is skipped with why', () => {
    expect(run(0, { emailConsent: false })).toEqual([recorded(0, { detail: 'E-mail "Welcome"', outcome: 'skipped', reason: SKIP.emailUnsubscribed })]);
    expect(run(0, { templateName: null })[0]).toMatchObject({ data: { outcome: 'skipped', reason: SKIP.templateGone } });
    expect(run(0, { hasEmailAddress: false })[0]).toMatchObject({ data: { outcome: 'skipped', reason: SKIP.noEmailAddress } });
  });

  it('when a step’s condition is not met, then it is skipped with the condition; text consent is checked too', () => {
    const e0 = run(0);
    const before = [...e0, ...run(1, {}, ...e0)];
    const at = '2026-06-03T14:00:00.000Z';
    expect(run(2, { now: at, tags: [] }, ...before)[0]).toMatchObject({ data: { outcome: 'skipped', reason: SKIP.noTag('Buyer') } });
    expect(run(2, { now: at, textRefusal: 'no-consent' }, ...before)[0]).toMatchObject({ data: { outcome: 'skipped', reason: SKIP.noTextConsent } });
    expect(run(2, { now: at }, ...before)[0]).toMatchObject({ data: { outcome: 'done', reason: null } });
  });

  it('given the last step, when run, then recorded and the enrolment finished; a stage not in the pipeline is skipped', () => {
    const at = '2026-06-03T14:00:00.000Z';
    const e0 = run(0);
    const e01 = [...e0, ...run(1, {}, ...e0)];
    const before = [...e01, ...run(2, { now: at }, ...e01)];
    const out = run(3, { now: at }, ...before);
    expect(out.map((e) => e.type)).toEqual(['PlanStepRecorded', 'PlanEnrolmentFinished']);
    expect(out[0]).toMatchObject({ data: { outcome: 'done', detail: 'Stage set to Nurture', nextDueAt: null } });
    expect(run(3, { now: at, pipelineStages: ['New'] }, ...before)[0]).toMatchObject({ data: { outcome: 'skipped', reason: SKIP.unknownStage('Nurture') } });
  });

  it('given a reply seen but not yet recorded, when a step is due, then the enrolment pauses instead; paused, stopped or finished never runs', () => {
    expect(run(0, { pause: 'replied-email' })).toEqual([{ type: 'PlanEnrolmentPaused', data: { ...ids, reason: 'replied-email', byUserId: null } }]);
    expect(run(0, {}, { type: 'PlanEnrolmentPaused', data: { ...ids, reason: 'replied-chat', byUserId: null } })).toEqual([]);
    expect(run(0, {}, { type: 'PlanEnrolmentStopped', data: { ...ids, byUserId: 'a1' } })).toEqual([]);
  });
});
