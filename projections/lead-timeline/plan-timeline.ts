import { PAUSE_REASON_TEXT } from '../../src/contract/plans';
import type { EnrolmentEvent } from '../../src/modules/plans/plans.events';
import { assertNever } from '../../src/shared/errors';
import { clip } from './timeline-summary';

/** Action plans on the lead's timeline (issue 19 part 1): every step sent, done or skipped (and why), and the plan's start, pauses (and why) and end. */
export const planTimelineTypes = [
  'PlanEnrolled',
  'PlanStepRecorded',
  'PlanEnrolmentPaused',
  'PlanEnrolmentResumed',
  'PlanEnrolmentStopped',
  'PlanEnrolmentFinished',
] as const;

export function planSummary(e: EnrolmentEvent): string {
  const plan = `Plan "${e.data.planName}"`;
  switch (e.type) {
    case 'PlanEnrolled':
      return clip(`${plan} started${e.data.how === 'trigger' ? ' by a trigger' : ''}`);
    case 'PlanStepRecorded': {
      const d = e.data;
      if (d.outcome === 'skipped') return clip(`${plan}: ${d.detail} skipped: ${d.reason ?? ''}`);
      return clip(`${plan}: ${d.detail}${d.kind === 'email' || d.kind === 'text' ? ' sent' : d.kind === 'wait' ? '' : ' done'}`);
    }
    case 'PlanEnrolmentPaused':
      return clip(`${plan} paused: ${PAUSE_REASON_TEXT[e.data.reason]}`);
    case 'PlanEnrolmentResumed':
      return clip(`${plan} resumed`);
    case 'PlanEnrolmentStopped':
      return clip(`${plan} stopped`);
    case 'PlanEnrolmentFinished':
      return clip(`${plan} finished`);
    default:
      return assertNever(e);
  }
}
