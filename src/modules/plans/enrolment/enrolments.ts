import { stableId } from '../../../shared/stable-id';
import { assertNever } from '../../../shared/errors';
import type { EnrolmentStatus, PauseReason, PlanStep } from '../../../contract/plans';
import type { EnrolmentEvent } from '../plans.events';

export type Enrolment = {
  readonly enrolmentId: string;
  readonly planId: string;
  readonly planName: string;
  readonly steps: readonly PlanStep[];
  readonly byUserId: string;
  readonly status: EnrolmentStatus;
  readonly pauseReason: PauseReason | null;
  /** The next step to run (steps.length once all ran). */
  readonly nextIndex: number;
  readonly dueAt: string | null;
  readonly enrolledAt: string;
  /** Since when a reply pauses it: the enrolment, or its last resume (a reply before that was seen). */
  readonly since: string;
};

/** A lead's enrolments (`lead-plans-{leadId}`), by id, in the order they began. */
export type LeadPlans = { readonly leadId: string | null; readonly siteId: string | null; readonly enrolments: ReadonlyMap<string, Enrolment> };

export const initialLeadPlans = (): LeadPlans => ({ leadId: null, siteId: null, enrolments: new Map() });

/** The id of a step of an enrolment: the same enrolment and index always name the same step (and so the same e-mail, text, task). */
export const planStepId = (enrolmentId: string, index: number): string => stableId(`plan step ${enrolmentId} ${index}`);

/** An enrolment still under way (active or paused): a lead is on a plan once at a time. */
export const isRunning = (e: Enrolment): boolean => e.status === 'active' || e.status === 'paused';

export function evolveLeadPlans(s: LeadPlans, e: EnrolmentEvent): LeadPlans {
  const enrolments = new Map(s.enrolments);
  const put = (id: string, f: (x: Enrolment) => Enrolment) => {
    const x = enrolments.get(id);
    if (x) enrolments.set(id, f(x));
  };
  switch (e.type) {
    case 'PlanEnrolled': {
      const d = e.data;
      enrolments.set(d.enrolmentId, {
        enrolmentId: d.enrolmentId,
        planId: d.planId,
        planName: d.planName,
        steps: d.steps,
        byUserId: d.byUserId,
        status: 'active',
        pauseReason: null,
        nextIndex: 0,
        dueAt: d.dueAt,
        enrolledAt: d.dueAt,
        since: d.dueAt,
      });
      return { leadId: d.leadId, siteId: d.siteId, enrolments };
    }
    case 'PlanStepRecorded':
      put(e.data.enrolmentId, (x) => ({ ...x, nextIndex: e.data.index + 1, dueAt: e.data.nextDueAt }));
      break;
    case 'PlanEnrolmentPaused':
      put(e.data.enrolmentId, (x) => ({ ...x, status: 'paused', pauseReason: e.data.reason }));
      break;
    case 'PlanEnrolmentResumed':
      put(e.data.enrolmentId, (x) => ({ ...x, status: 'active', pauseReason: null, dueAt: e.data.dueAt, since: e.data.resumedAt }));
      break;
    case 'PlanEnrolmentStopped':
      put(e.data.enrolmentId, (x) => ({ ...x, status: 'stopped', dueAt: null }));
      break;
    case 'PlanEnrolmentFinished':
      put(e.data.enrolmentId, (x) => ({ ...x, status: 'finished', dueAt: null }));
      break;
    default:
      return assertNever(e);
  }
  return { ...s, enrolments };
}
