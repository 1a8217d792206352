import type { PlanScope } from '../../../contract/plans';
import type { EventStore } from '../../../eventstore/event-store.port';
import { fold } from '../../../commands/decider';
import { notFound } from '../../../shared/errors';
import type { Viewer } from '../../../shared/viewer/viewer';
import { type PlanEvent, planStream } from '../plans.events';
import { type Plan, PLAN_NOT_FOUND, planDecider } from '../save-plan/save-plan.decide';

export type ExistingPlan = Extract<Plan, { exists: true }>;
type Owned = { readonly scope: PlanScope; readonly ownerId: string };

/** The office a viewer's office plans are: the agent's broker, the broker; staff name one. */
export const officeOf = (viewer: Viewer): string | null =>
  viewer.role === 'agent' ? (viewer.officeId ?? null) : viewer.role === 'broker' ? viewer.userId : null;

/** Who may use a plan (see it, preview it, enrol with it): its office's people for an office plan, its owner for a personal one; staff any. */
export const mayUse = (viewer: Viewer, p: Owned): boolean =>
  viewer.role === 'staff' || (p.scope === 'office' ? p.ownerId === officeOf(viewer) : p.ownerId === viewer.userId);

/** Who may change one: an office plan its broker or staff; a personal plan its owner. */
export const mayEdit = (viewer: Viewer, p: Owned): boolean =>
  p.scope === 'office' ? viewer.role === 'staff' || (viewer.role === 'broker' && p.ownerId === viewer.userId) : p.ownerId === viewer.userId;

/** The owners whose plans a viewer sees: their own and their office's; staff (null) all. */
export const ownersVisibleTo = (viewer: Viewer): string[] | null =>
  viewer.role === 'staff' ? null : [...new Set([viewer.userId, officeOf(viewer)].filter((x): x is string => !!x))];

/** The plan as its stream says now, if the viewer may use it (else not found, never forbidden). */
export async function usablePlan(store: EventStore, viewer: Viewer, planId: string): Promise<ExistingPlan> {
  const plan = fold(planDecider, (await store.readStream(planStream(planId))) as unknown as PlanEvent[]);
  if (!plan.exists || plan.archived || !mayUse(viewer, plan)) throw notFound(PLAN_NOT_FOUND);
  return plan;
}
