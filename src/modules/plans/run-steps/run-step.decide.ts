import type { Decider } from '../../../commands/decider';
import { type PauseReason, type PlanCondition, type PlanStep, stepLine } from '../../../contract/plans';
import { assertNever } from '../../../shared/errors';
import { waitEnds } from '../business-hours/business-hours';
import { evolveLeadPlans, initialLeadPlans, type LeadPlans, planStepId } from '../enrolment/enrolments';
import type { EnrolmentEvent } from '../plans.events';

/** Why a message step is skipped (the words the lead's timeline shows). */
export const SKIP = {
  emailUnsubscribed: 'This lead unsubscribed from e-mail, so no e-mail can be sent to them',
  noEmailAddress: 'This lead has no e-mail address',
  templateGone: 'The e-mail template no longer exists',
  noTextConsent: 'This lead has not agreed to texts',
  noCellPhone: 'This lead has no cell phone number',
  unknownStage: (stage: string) => `"${stage}" is not a stage of this office's pipeline`,
  notInStage: (stage: string) => `the lead is not in stage "${stage}"`,
  noTag: (tag: string) => `the lead has no tag "${tag}"`,
  noAlertOpened: 'the lead has not opened a property alert',
} as const;

/** What the process manager read at the moment of running the step: the lead now, its consent now, and what the step needs. */
export type StepFacts = {
  readonly now: string;
  /** The zone waits count business hours in: the lead's, else the office's. */
  readonly zone: string;
  readonly stage: string;
  readonly tags: readonly string[];
  readonly openedAlert: boolean;
  readonly emailConsent: boolean;
  readonly hasEmailAddress: boolean;
  readonly textRefusal: 'no-consent' | 'no-cell-phone' | 'not-found' | null;
  /** The e-mail step's template name, null when it is gone (or not the plan's to use). */
  readonly templateName: string | null;
  readonly pipelineStages: readonly string[];
  /** A reason to pause seen since the enrolment began that is not recorded yet (a reply, an unsubscribe, a claim): the step must not run. */
  readonly pause: PauseReason | null;
};

export type RunStep = { readonly enrolmentId: string; readonly index: number; readonly facts: StepFacts };

const same = (a: string, b: string) => a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');

function unmet(c: PlanCondition | null, f: StepFacts): string | null {
  if (!c) return null;
  switch (c.kind) {
    case 'stage-is':
      return same(f.stage, c.stage) ? null : SKIP.notInStage(c.stage);
    case 'tag-present':
      return f.tags.some((t) => same(t, c.tag)) ? null : SKIP.noTag(c.tag);
    case 'opened-alert':
      return f.openedAlert ? null : SKIP.noAlertOpened;
    default:
      return assertNever(c);
  }
}

/** What the step does, in one line, and why it would be skipped as the facts stand (null: it runs). */
export function stepOutcome(step: PlanStep, f: StepFacts): { readonly detail: string; readonly reason: string | null } {
  return { detail: stepLine(step, f.templateName), reason: unmet(step.condition, f) ?? refusalOf(step, f) };
}

/** Why the step cannot be done as the facts stand (null: it can). */
function refusalOf(step: PlanStep, f: StepFacts): string | null {
  switch (step.kind) {
    case 'email':
      return f.templateName === null ? SKIP.templateGone : !f.emailConsent ? SKIP.emailUnsubscribed : !f.hasEmailAddress ? SKIP.noEmailAddress : null;
    case 'text':
      return f.textRefusal === 'no-cell-phone' ? SKIP.noCellPhone : f.textRefusal ? SKIP.noTextConsent : null;
    case 'stage':
      return f.pipelineStages.some((s) => same(s, step.stage)) ? null : SKIP.unknownStage(step.stage);
    default:
      return null;
  }
}

/**
 * Runs the step an active enrolment is due for, once: anything else (not active, another step, not
 * yet due, a step already recorded by another instance or before a crash) decides nothing. A
 * pause reason not yet recorded pauses instead, so a lead who replied is never sent the next step.
 * A step whose condition is not met, or that may not be done (consent, address, template, stage),
 * is recorded as skipped with why; the plan goes on. A wait moves the next step's due time on in
 * business hours; after the last step the enrolment is finished.
 */
export function decideRunStep(c: RunStep, s: LeadPlans): EnrolmentEvent[] {
  const e = s.enrolments.get(c.enrolmentId);
  const f = c.facts;
  if (!e || !s.leadId || e.status !== 'active' || e.nextIndex !== c.index || c.index >= e.steps.length || (e.dueAt !== null && e.dueAt > f.now)) return [];
  const ids = { leadId: s.leadId, enrolmentId: e.enrolmentId, planId: e.planId, planName: e.planName };
  if (f.pause) return [{ type: 'PlanEnrolmentPaused', data: { ...ids, reason: f.pause, byUserId: null } }];
  const step = e.steps[c.index]!;
  const { detail, reason } = stepOutcome(step, f);
  const last = c.index === e.steps.length - 1;
  const nextDueAt = last ? null : step.kind === 'wait' && !reason ? waitEnds(new Date(f.now), step.amount, step.unit, f.zone).toISOString() : f.now;
  const recorded: EnrolmentEvent = {
    type: 'PlanStepRecorded',
    data: {
      ...ids,
      stepId: planStepId(e.enrolmentId, c.index),
      index: c.index,
      kind: step.kind,
      step,
      byUserId: e.byUserId,
      outcome: reason ? 'skipped' : 'done',
      reason,
      detail,
      at: f.now,
      nextDueAt,
    },
  };
  return last ? [recorded, { type: 'PlanEnrolmentFinished', data: ids }] : [recorded];
}

export const runStepDecider: Decider<LeadPlans, RunStep, EnrolmentEvent> = { initialState: initialLeadPlans, evolve: evolveLeadPlans, decide: decideRunStep };
