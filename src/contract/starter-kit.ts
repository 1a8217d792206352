import { z } from 'zod';
import { otherStepsWith, PlanConditionSchema, PlanTriggerSchema } from './plans';

/**
 * The starter action plans and e-mail templates shipped with the product: what the dashboard
 * shows under "Starter plans" / "Starter templates" and copies into an office on request.
 */
export const StarterTemplateSchema = z.strictObject({ key: z.string(), name: z.string(), subject: z.string(), body: z.string() });
export type StarterTemplate = Readonly<z.infer<typeof StarterTemplateSchema>>;

/** A plan's e-mail steps name a starter template by its key; copying a plan copies them too. */
const condition = PlanConditionSchema.nullable();
export const StarterStepSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), templateKey: z.string(), condition }),
  ...otherStepsWith(condition),
]);
export type StarterStep = z.output<typeof StarterStepSchema>;

export const StarterPlanSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  /** What the plan is for, in a sentence a broker reads before copying it. */
  summary: z.string(),
  steps: z.array(StarterStepSchema).readonly(),
  triggers: z.array(PlanTriggerSchema).readonly(),
});
export type StarterPlan = z.output<typeof StarterPlanSchema>;

/** GET /api/dashboard/starter-kit: the starters, and which of them the office already holds a copy of (by key). */
export const StarterKitViewSchema = z.strictObject({
  plans: z.array(StarterPlanSchema).readonly(),
  templates: z.array(StarterTemplateSchema).readonly(),
  copiedPlans: z.record(z.string(), z.string()),
  copiedTemplates: z.record(z.string(), z.string()),
});
export type StarterKitView = z.output<typeof StarterKitViewSchema>;

/** POST …/copy: the office's plan or template; `created` false when the office already had this copy. */
export const StarterCopyResultSchema = z.strictObject({ id: z.string(), created: z.boolean() });
export type StarterCopyResult = z.infer<typeof StarterCopyResultSchema>;
