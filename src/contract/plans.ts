import type { TaskType } from './tasks';

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

/** When a step applies: the lead is in a stage, carries a tag, or has opened a property alert. */
export type PlanCondition = { readonly kind: 'stage-is'; readonly stage: string } | { readonly kind: 'tag-present'; readonly tag: string } | { readonly kind: 'opened-alert' };

export type PlanAction =
  | { readonly kind: 'email'; readonly templateId: string }
  /** The text's template: its words with merge fields ({first_name}, …). */
  | { readonly kind: 'text'; readonly body: string }
  | { readonly kind: 'task'; readonly title: string; readonly taskType: TaskType; readonly dueInDays: number }
  | { readonly kind: 'stage'; readonly stage: string }
  | { readonly kind: 'add-tag'; readonly tag: string }
  | { readonly kind: 'remove-tag'; readonly tag: string }
  /** Business hours (9 to 17, Monday to Friday) in the lead's zone, else the office's. */
  | { readonly kind: 'wait'; readonly amount: number; readonly unit: 'hours' | 'days' };

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
export type PlanStep = PlanAction & { readonly condition: PlanCondition | null };

/** What enrols a lead by itself: a new lead (from a source and/or a site), a stage reached, a tag added. */
export type PlanTrigger =
  | { readonly kind: 'new-lead'; readonly source: string | null; readonly siteId: string | null }
  | { readonly kind: 'stage-changed'; readonly stage: string }
  | { readonly kind: 'tag-added'; readonly tag: string };

export type PlanDefinition = { readonly name: string; readonly steps: readonly PlanStep[]; readonly triggers: readonly PlanTrigger[] };

export type PlanView = PlanDefinition & {
  readonly planId: string;
  readonly scope: PlanScope;
  readonly ownerId: string;
  readonly version: number;
  readonly archived: boolean;
  /** Whether the viewer may change it (an office plan: its broker or staff; a personal one: its owner). */
  readonly editable: boolean;
  readonly activeEnrolments: number;
  readonly updatedAt: string;
};

export type PauseReason = 'replied-chat' | 'replied-text' | 'replied-email' | 'unsubscribed' | 'claimed' | 'owner-changed' | 'merged' | 'by-hand';
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

export type EnrolmentStatus = 'active' | 'paused' | 'stopped' | 'finished';

export type StepLogLine = {
  readonly stepId: string;
  readonly index: number;
  readonly kind: PlanStepKind;
  readonly outcome: 'sent' | 'done' | 'skipped' | 'pending';
  /** What the step did or would do, in one line. */
  readonly detail: string;
  readonly reason: string | null;
  /** When it ran, or (pending) when it is due. */
  readonly at: string;
};

export type EnrolmentView = {
  readonly enrolmentId: string;
  readonly planId: string;
  readonly planName: string;
  readonly leadId: string;
  readonly status: EnrolmentStatus;
  readonly pauseReason: PauseReason | null;
  readonly enrolledAt: string;
  readonly nextDueAt: string | null;
  readonly steps: readonly StepLogLine[];
};

/** What a lead would get from a plan, step by step, if enrolled now (the editor's preview). */
export type PlanPreviewStep = {
  readonly index: number;
  readonly kind: PlanStepKind;
  /** When it would run if enrolled now (waits in business hours). */
  readonly dueAt: string;
  readonly detail: string;
  /** Why it would be skipped as the lead stands now; null: it would run. */
  readonly skipReason: string | null;
  /** The e-mail or text as this lead would get it (merge fields filled); null for other steps. */
  readonly message: { readonly subject: string | null; readonly body: string } | null;
};
export type PlanPreview = { readonly leadId: string; readonly steps: readonly PlanPreviewStep[] };

export type BulkEnrolResult = { readonly enrolled: number; readonly skipped: readonly { readonly leadId: string; readonly reason: string }[] };
