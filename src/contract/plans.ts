import { z } from 'zod';
import { TASK_TYPES } from './tasks';

/**
 * Action plans (issue 19 part 1): the shapes the dashboard and the server share. A plan is an
 * ordered list of steps, each with an optional condition; leads are enrolled by hand, in bulk, or
 * by a trigger. Every step a lead's enrolment reaches is recorded as sent/done or skipped (why).
 */

export const PLAN_NAME_MAX = 80;
export const PLAN_STEPS_MAX = 30;
export const PLAN_TEXT_MAX = 1600;
export const PLAN_WAIT_MAX = { hours: 24 * 14, days: 365 } as const;
export const BULK_ENROL_MAX = 500;

export type PlanScope = 'office' | 'personal';

// Lengths far above what the decide allows (it refuses with sentences); these stop absurd bodies early.
const word = (max: number) => z.string().max(max);

/** When a step applies: the lead is in a stage, carries a tag, or has opened a property alert. */
export const PlanConditionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stage-is'), stage: word(80) }),
  z.strictObject({ kind: z.literal('tag-present'), tag: word(80) }),
  z.strictObject({ kind: z.literal('opened-alert') }),
]);
export type PlanCondition = z.infer<typeof PlanConditionSchema>;
const condition = PlanConditionSchema.nullable().default(null);

/** The steps that are not an e-mail (a starter plan's e-mail step names its template differently). */
export const otherStepsWith = <C extends z.ZodType>(condition: C) =>
  [
    z.strictObject({ kind: z.literal('text'), body: word(PLAN_TEXT_MAX * 2), condition }),
    z.strictObject({ kind: z.literal('task'), title: word(400), taskType: z.enum(TASK_TYPES), dueInDays: z.number().int(), condition }),
    z.strictObject({ kind: z.literal('stage'), stage: word(80), condition }),
    z.strictObject({ kind: z.enum(['add-tag', 'remove-tag']), tag: word(80), condition }),
    z.strictObject({ kind: z.literal('wait'), amount: z.number().int(), unit: z.enum(['hours', 'days']), condition }),
  ] as const;

/**
 * One step: what it does and when it applies. A text's body is its template (merge fields such
 * as {first_name}); a wait counts business hours (9 to 17, Monday to Friday) in the lead's zone,
 * else the office's.
 */
export const PlanStepSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), templateId: z.string().max(40), condition }),
  ...otherStepsWith(condition),
]);
export type PlanStep = z.output<typeof PlanStepSchema>;
type WithoutCondition<T> = T extends unknown ? Omit<T, 'condition'> : never;
export type PlanAction = WithoutCondition<PlanStep>;

/** What enrols a lead by itself: a new lead (from a source and/or a site), a stage reached, a tag added. */
export const PlanTriggerSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('new-lead'),
    source: word(80).nullable().default(null),
    siteId: z.uuid({ error: 'siteId must be a site id' }).nullable().default(null),
  }),
  z.strictObject({ kind: z.literal('stage-changed'), stage: word(80) }),
  z.strictObject({ kind: z.literal('tag-added'), tag: word(80) }),
]);
export type PlanTrigger = z.output<typeof PlanTriggerSchema>;

/** A plan as written in the editor (`triggers` may be left out: none). */
export const PlanDefinitionFields = {
  name: word(PLAN_NAME_MAX * 2),
  steps: z
    .array(PlanStepSchema)
    .max(PLAN_STEPS_MAX * 2)
    .readonly(),
  triggers: z.array(PlanTriggerSchema).max(20).readonly().default([]),
};
export type PlanDefinition = z.output<z.ZodObject<typeof PlanDefinitionFields>>;

export type PlanStepKind = PlanAction['kind'];

/**
 * A step in one line, as the timeline, the lead's plans and the preview say it. `templateName`:
 * the e-mail's template by name (null: it is gone); undefined while the step has not run.
 */
export function stepLine(step: PlanAction, templateName?: string | null): string {
  switch (step.kind) {
    case 'email':
      return templateName === undefined ? 'E-mail from a template' : `E-mail "${templateName ?? 'deleted template'}"`;
    case 'text':
      return `Text "${step.body.length > 60 ? `${step.body.slice(0, 59)}…` : step.body}"`;
    case 'task':
      return `Task "${step.title}"`;
    case 'stage':
      return `Stage set to ${step.stage}`;
    case 'add-tag':
      return `Tag "${step.tag}" added`;
    case 'remove-tag':
      return `Tag "${step.tag}" removed`;
    case 'wait':
      return `Wait ${step.amount} business ${step.amount === 1 ? step.unit.slice(0, -1) : step.unit}`;
  }
}
export const PlanViewSchema = z.strictObject({
  ...PlanDefinitionFields,
  planId: z.string(),
  scope: z.enum(['office', 'personal']),
  ownerId: z.string(),
  version: z.number(),
  archived: z.boolean(),
  /** Whether the viewer may change it (an office plan: its broker or staff; a personal one: its owner). */
  editable: z.boolean(),
  activeEnrolments: z.number(),
  updatedAt: z.string(),
});
export type PlanView = z.output<typeof PlanViewSchema>;

export const PAUSE_REASONS = ['replied-chat', 'replied-text', 'replied-email', 'unsubscribed', 'claimed', 'owner-changed', 'merged', 'by-hand'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];
export const PAUSE_REASON_TEXT: Record<PauseReason, string> = {
  'replied-chat': 'the lead replied by chat',
  'replied-text': 'the lead replied by text',
  'replied-email': 'the lead replied by e-mail',
  unsubscribed: 'the lead unsubscribed',
  claimed: 'the lead was claimed from the pond',
  'owner-changed': 'the lead changed owner',
  merged: 'the lead was merged into another lead',
  'by-hand': 'paused by hand',
};

export const ENROLMENT_STATUSES = ['active', 'paused', 'stopped', 'finished'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
const STEP_KINDS = ['email', 'text', 'task', 'stage', 'add-tag', 'remove-tag', 'wait'] as const satisfies readonly PlanStepKind[];

export const StepLogLineSchema = z.strictObject({
  stepId: z.string(),
  index: z.number(),
  kind: z.enum(STEP_KINDS),
  outcome: z.enum(['sent', 'done', 'skipped', 'pending']),
  /** What the step did or would do, in one line. */
  detail: z.string(),
  reason: z.string().nullable(),
  /** When it ran, or (pending) when it is due. */
  at: z.string(),
});
export type StepLogLine = Readonly<z.infer<typeof StepLogLineSchema>>;

export const EnrolmentViewSchema = z.strictObject({
  enrolmentId: z.string(),
  planId: z.string(),
  planName: z.string(),
  leadId: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  pauseReason: z.enum(PAUSE_REASONS).nullable(),
  enrolledAt: z.string(),
  nextDueAt: z.string().nullable(),
  steps: z.array(StepLogLineSchema).readonly(),
});
export type EnrolmentView = z.infer<typeof EnrolmentViewSchema>;

/** What a lead would get from a plan, step by step, if enrolled now (the editor's preview). */
export const PlanPreviewStepSchema = z.strictObject({
  index: z.number(),
  kind: z.enum(STEP_KINDS),
  /** When it would run if enrolled now (waits in business hours). */
  dueAt: z.string(),
  detail: z.string(),
  /** Why it would be skipped as the lead stands now; null: it would run. */
  skipReason: z.string().nullable(),
  /** The e-mail or text as this lead would get it (merge fields filled); null for other steps. */
  message: z.strictObject({ subject: z.string().nullable(), body: z.string() }).nullable(),
});
export type PlanPreviewStep = Readonly<z.infer<typeof PlanPreviewStepSchema>>;
export const PlanPreviewSchema = z.strictObject({ leadId: z.string(), steps: z.array(PlanPreviewStepSchema).readonly() });
export type PlanPreview = z.infer<typeof PlanPreviewSchema>;

export const BulkEnrolResultSchema = z.strictObject({
  enrolled: z.number(),
  skipped: z.array(z.strictObject({ leadId: z.string(), reason: z.string() })).readonly(),
});
export type BulkEnrolResult = z.infer<typeof BulkEnrolResultSchema>;
