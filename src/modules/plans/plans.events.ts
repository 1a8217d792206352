import type { PauseReason, PlanScope, PlanStep, PlanStepKind, PlanTrigger } from '../../contract/plans';

/**
 * Action plans (issue 19 part 1). A plan's definition lives on `plan-{planId}`; what a lead's
 * enrolments did lives on `lead-plans-{leadId}` (one stream a lead, so "one active enrolment of
 * a plan at a time" and every step are decided on one state, exactly once).
 */

/** A plan created or edited (the whole definition each time; `version` counts the saves). */
export type PlanSaved = {
  readonly type: 'PlanSaved';
  readonly data: {
    readonly planId: string;
    readonly scope: PlanScope;
    /** The broker (office plan) or the user (personal plan) who owns it. */
    readonly ownerId: string;
    readonly name: string;
    readonly steps: readonly PlanStep[];
    readonly triggers: readonly PlanTrigger[];
    readonly version: number;
    readonly byUserId: string;
  };
};

/** The plan enrols nobody any more (running enrolments go on to their end). */
export type PlanArchived = {
  readonly type: 'PlanArchived';
  readonly data: { readonly planId: string; readonly scope: PlanScope; readonly ownerId: string; readonly byUserId: string };
};

export type PlanEvent = PlanSaved | PlanArchived;
export const planEventTypes = ['PlanSaved', 'PlanArchived'] as const satisfies readonly PlanEvent['type'][];
export const planStream = (planId: string) => `plan-${planId}`;

export type EnrolHow = 'hand' | 'bulk' | 'trigger';

/** What every event of an enrolment names: the lead, the enrolment, and the plan (by name too, for the timeline). */
type EnrolmentIds = { readonly leadId: string; readonly enrolmentId: string; readonly planId: string; readonly planName: string };

/** A lead starts a plan: its steps as they were at enrolment (an edit later changes new enrolments only). */
export type PlanEnrolled = {
  readonly type: 'PlanEnrolled';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly enrolmentId: string;
    readonly planId: string;
    readonly planName: string;
    readonly planVersion: number;
    readonly steps: readonly PlanStep[];
    /** Who enrolled the lead; for a trigger, the plan's owner (the steps act in their name). */
    readonly byUserId: string;
    readonly how: EnrolHow;
    readonly triggerEventId: string | null;
    /** When the first step is due (the enrolment's time). */
    readonly dueAt: string;
  };
};

/**
 * One step reached: done (for a message: handed to its outbox) or skipped, with why. `nextDueAt`:
 * when the next step is due (a wait step moves it on), null after the last step.
 */
export type PlanStepRecorded = {
  readonly type: 'PlanStepRecorded';
  readonly data: EnrolmentIds & {
    /** Derived from the enrolment and the index: the step's message, task and outbox row have ids derived from it. */
    readonly stepId: string;
    readonly index: number;
    readonly kind: PlanStepKind;
    /** The step as enrolled: what its effect does (the outbox row is made from it). */
    readonly step: PlanStep;
    /** In whose name the effect acts (the enroller, or the plan's owner for a trigger). */
    readonly byUserId: string;
    readonly outcome: 'done' | 'skipped';
    readonly reason: string | null;
    readonly detail: string;
    readonly at: string;
    readonly nextDueAt: string | null;
  };
};

export type PlanEnrolmentPaused = {
  readonly type: 'PlanEnrolmentPaused';
  readonly data: EnrolmentIds & { readonly reason: PauseReason; readonly byUserId: string | null };
};
export type PlanEnrolmentResumed = {
  readonly type: 'PlanEnrolmentResumed';
  readonly data: EnrolmentIds & { readonly byUserId: string; readonly resumedAt: string; readonly dueAt: string };
};
export type PlanEnrolmentStopped = { readonly type: 'PlanEnrolmentStopped'; readonly data: EnrolmentIds & { readonly byUserId: string } };
export type PlanEnrolmentFinished = { readonly type: 'PlanEnrolmentFinished'; readonly data: EnrolmentIds };

export type EnrolmentEvent = PlanEnrolled | PlanStepRecorded | PlanEnrolmentPaused | PlanEnrolmentResumed | PlanEnrolmentStopped | PlanEnrolmentFinished;
export const enrolmentEventTypes = [
  'PlanEnrolled',
  'PlanStepRecorded',
  'PlanEnrolmentPaused',
  'PlanEnrolmentResumed',
  'PlanEnrolmentStopped',
  'PlanEnrolmentFinished',
] as const satisfies readonly EnrolmentEvent['type'][];
export const leadPlansStream = (leadId: string) => `lead-plans-${leadId}`;
