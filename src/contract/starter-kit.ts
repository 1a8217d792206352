import type { PlanAction, PlanCondition, PlanTrigger } from './plans';

/**
 * The starter action plans and e-mail templates shipped with the product: what the dashboard
 * shows under "Starter plans" / "Starter templates" and copies into an office on request.
 */
export type StarterTemplate = { readonly key: string; readonly name: string; readonly subject: string; readonly body: string };

/** A plan's e-mail steps name a starter template by its key; copying a plan copies them too. */
export type StarterStep = (Exclude<PlanAction, { kind: 'email' }> | { readonly kind: 'email'; readonly templateKey: string }) & { readonly condition: PlanCondition | null };

export type StarterPlan = {
  readonly key: string;
  readonly name: string;
  /** What the plan is for, in a sentence a broker reads before copying it. */
  readonly summary: string;
  readonly steps: readonly StarterStep[];
  readonly triggers: readonly PlanTrigger[];
};

/** GET /api/dashboard/starter-kit: the starters, and which of them the office already holds a copy of (by key). */
export type StarterKitView = {
  readonly plans: readonly StarterPlan[];
  readonly templates: readonly StarterTemplate[];
  readonly copiedPlans: Readonly<Record<string, string>>;
  readonly copiedTemplates: Readonly<Record<string, string>>;
};

/** POST …/copy: the office's plan or template; `created` false when the office already had this copy. */
export type StarterCopyResult = { readonly id: string; readonly created: boolean };
