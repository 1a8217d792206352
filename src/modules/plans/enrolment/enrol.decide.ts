import type { Decider } from '../../../commands/decider';
import type { PauseReason, PlanStep } from '../../../contract/plans';
import { assertNever, conflict, notFound } from '../../../shared/errors';
import type { EnrolHow, EnrolmentEvent } from '../plans.events';
import { evolveLeadPlans, initialLeadPlans, isRunning, type LeadPlans } from './enrolments';

export const ALREADY_ON_PLAN = 'This lead is already on this plan';
export const ENROLMENT_NOT_FOUND = 'Enrolment not found';
export const NOT_PAUSED = 'Only a paused plan can be resumed';
export const NOT_RUNNING = 'This plan has already ended for this lead';

/**
 * Enrol: the caller checked that the enroller may work the lead and use the plan (and that the
 * plan is not archived). Pause (by hand or for a reason the process manager saw), resume and stop
 * act on one enrolment; `now` is the command's time (deciders never read the clock).
 */
export type EnrolmentCommand =
  | {
      readonly kind: 'enrol';
      readonly leadId: string;
      readonly siteId: string;
      readonly enrolmentId: string;
      readonly plan: { readonly planId: string; readonly name: string; readonly version: number; readonly steps: readonly PlanStep[] };
      readonly byUserId: string;
      readonly how: EnrolHow;
      readonly triggerEventId: string | null;
      readonly now: string;
    }
  | { readonly kind: 'pause'; readonly enrolmentId: string; readonly reason: PauseReason; readonly byUserId: string | null }
  | { readonly kind: 'resume'; readonly enrolmentId: string; readonly byUserId: string; readonly now: string }
  | { readonly kind: 'stop'; readonly enrolmentId: string; readonly byUserId: string };

export function decideEnrolment(c: EnrolmentCommand, s: LeadPlans): EnrolmentEvent[] {
  if (c.kind === 'enrol') {
    // A retried enrolment (the same id: a retried request, a trigger seen again) is the one already there.
    if (s.enrolments.has(c.enrolmentId)) return [];
    const running = [...s.enrolments.values()].some((e) => e.planId === c.plan.planId && isRunning(e));
    if (running) {
      // A trigger firing again for a lead on the plan is nothing to refuse: the lead stays where it is.
      if (c.how === 'trigger') return [];
      throw conflict(ALREADY_ON_PLAN);
    }
    const { planId, name: planName, version: planVersion, steps } = c.plan;
    return [
      {
        type: 'PlanEnrolled',
        data: {
          leadId: c.leadId,
          siteId: c.siteId,
          enrolmentId: c.enrolmentId,
          planId,
          planName,
          planVersion,
          steps,
          byUserId: c.byUserId,
          how: c.how,
          triggerEventId: c.triggerEventId,
          dueAt: c.now,
        },
      },
    ];
  }
  const e = s.enrolments.get(c.enrolmentId);
  if (!e || !s.leadId) throw notFound(ENROLMENT_NOT_FOUND);
  const ids = { leadId: s.leadId, enrolmentId: e.enrolmentId, planId: e.planId, planName: e.planName };
  switch (c.kind) {
    case 'pause':
      // The process manager pauses for every reply it sees: an enrolment already paused or ended stays as it is.
      if (e.status !== 'active') return [];
      return [{ type: 'PlanEnrolmentPaused', data: { ...ids, reason: c.reason, byUserId: c.byUserId } }];
    case 'resume':
      if (e.status !== 'paused') throw conflict(NOT_PAUSED);
      return [{ type: 'PlanEnrolmentResumed', data: { ...ids, byUserId: c.byUserId, resumedAt: c.now, dueAt: e.dueAt && e.dueAt > c.now ? e.dueAt : c.now } }];
    case 'stop':
      if (!isRunning(e)) throw conflict(NOT_RUNNING);
      return [{ type: 'PlanEnrolmentStopped', data: { ...ids, byUserId: c.byUserId } }];
    default:
      return assertNever(c);
  }
}

export const enrolmentDecider: Decider<LeadPlans, EnrolmentCommand, EnrolmentEvent> = {
  initialState: initialLeadPlans,
  evolve: evolveLeadPlans,
  decide: decideEnrolment,
};
