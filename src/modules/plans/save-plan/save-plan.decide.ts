import type { Decider } from '../../../commands/decider';
import {
  PLAN_NAME_MAX,
  PLAN_STEPS_MAX,
  PLAN_TEXT_MAX,
  PLAN_WAIT_MAX,
  type PlanCondition,
  type PlanDefinition,
  type PlanScope,
  type PlanStep,
  type PlanTrigger,
} from '../../../contract/plans';
import { TASK_TITLE_MAX } from '../../../contract/tasks';
import { unknownMergeFields, unknownMergeFieldsMessage } from '../../../contract/merge-fields';
import { assertNever, notFound, validation } from '../../../shared/errors';
import type { PlanEvent } from '../plans.events';

export type Plan =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly planId: string;
      readonly scope: PlanScope;
      readonly ownerId: string;
      readonly version: number;
      readonly archived: boolean;
      readonly definition: PlanDefinition;
    };

export const PLAN_NOT_FOUND = 'Plan not found';
export const PLAN_MESSAGES = {
  name: 'Please name the plan',
  nameLength: `A plan name has at most ${PLAN_NAME_MAX} characters`,
  noSteps: 'A plan needs at least one step',
  tooManySteps: `A plan has at most ${PLAN_STEPS_MAX} steps`,
  lastWait: 'A plan cannot end with a wait',
  stage: 'Please name the stage',
  tag: 'A tag is 1 to 40 characters',
  text: 'Please write the text',
  textLength: `A text has at most ${PLAN_TEXT_MAX} characters`,
  template: 'Please choose an e-mail template',
  taskTitle: 'Please give the task a title',
  taskTitleLength: `A task title has at most ${TASK_TITLE_MAX} characters`,
  taskDue: 'A task is due 0 to 365 days after its step',
  wait: (unit: 'hours' | 'days') => `A wait is 1 to ${PLAN_WAIT_MAX[unit]} ${unit}`,
} as const;

/**
 * The caller checked the viewer may own a plan of this scope (an office plan: the office's broker
 * or staff; a personal one: the viewer) and, for a change, that they may change this one (`mayEdit`).
 */
export type PlanCommand =
  | ({ readonly kind: 'create'; readonly planId: string; readonly scope: PlanScope; readonly ownerId: string; readonly byUserId: string } & PlanDefinition)
  | ({
      readonly kind: 'edit';
      readonly planId: string;
      readonly byUserId: string;
      readonly mayEdit: (p: Extract<Plan, { exists: true }>) => boolean;
    } & PlanDefinition)
  | { readonly kind: 'archive'; readonly planId: string; readonly byUserId: string; readonly mayEdit: (p: Extract<Plan, { exists: true }>) => boolean };

export function evolvePlan(s: Plan, e: PlanEvent): Plan {
  switch (e.type) {
    case 'PlanSaved': {
      const { planId, scope, ownerId, version, name, steps, triggers } = e.data;
      return { exists: true, planId, scope, ownerId, version, archived: false, definition: { name, steps, triggers } };
    }
    case 'PlanArchived':
      return s.exists ? { ...s, archived: true } : s;
    default:
      return assertNever(e);
  }
}

const words = (s: string) => s.trim().replace(/\s+/g, ' ');

function checkTag(tag: string): string {
  const t = words(tag);
  if (t.length < 1 || t.length > 40) throw validation(PLAN_MESSAGES.tag);
  return t;
}

function checkCondition(c: PlanCondition | null): PlanCondition | null {
  if (!c) return null;
  switch (c.kind) {
    case 'stage-is':
      if (!words(c.stage)) throw validation(PLAN_MESSAGES.stage);
      return { kind: 'stage-is', stage: words(c.stage) };
    case 'tag-present':
      return { kind: 'tag-present', tag: checkTag(c.tag) };
    case 'opened-alert':
      return c;
    default:
      return assertNever(c);
  }
}

/** One step, tidied (trimmed words), or refused with what to fix. */
function checkStep(s: PlanStep): PlanStep {
  const condition = checkCondition(s.condition);
  switch (s.kind) {
    case 'email':
      if (!s.templateId) throw validation(PLAN_MESSAGES.template);
      return { kind: 'email', templateId: s.templateId, condition };
    case 'text': {
      const body = s.body.replace(/\r\n?/g, '\n').trim();
      if (!body) throw validation(PLAN_MESSAGES.text);
      if (body.length > PLAN_TEXT_MAX) throw validation(PLAN_MESSAGES.textLength);
      const unknown = unknownMergeFields(body);
      if (unknown.length) throw validation(unknownMergeFieldsMessage(unknown));
      return { kind: 'text', body, condition };
    }
    case 'task': {
      const title = words(s.title);
      if (!title) throw validation(PLAN_MESSAGES.taskTitle);
      if (title.length > TASK_TITLE_MAX) throw validation(PLAN_MESSAGES.taskTitleLength);
      if (!Number.isInteger(s.dueInDays) || s.dueInDays < 0 || s.dueInDays > 365) throw validation(PLAN_MESSAGES.taskDue);
      return { kind: 'task', title, taskType: s.taskType, dueInDays: s.dueInDays, condition };
    }
    case 'stage':
      if (!words(s.stage)) throw validation(PLAN_MESSAGES.stage);
      return { kind: 'stage', stage: words(s.stage), condition };
    case 'add-tag':
    case 'remove-tag':
      return { kind: s.kind, tag: checkTag(s.tag), condition };
    case 'wait':
      if (!Number.isInteger(s.amount) || s.amount < 1 || s.amount > PLAN_WAIT_MAX[s.unit]) throw validation(PLAN_MESSAGES.wait(s.unit));
      return { kind: 'wait', amount: s.amount, unit: s.unit, condition };
    default:
      return assertNever(s);
  }
}

function checkTrigger(t: PlanTrigger): PlanTrigger {
  switch (t.kind) {
    case 'new-lead':
      return { kind: 'new-lead', source: t.source ? words(t.source) || null : null, siteId: t.siteId || null };
    case 'stage-changed':
      if (!words(t.stage)) throw validation(PLAN_MESSAGES.stage);
      return { kind: 'stage-changed', stage: words(t.stage) };
    case 'tag-added':
      return { kind: 'tag-added', tag: checkTag(t.tag) };
    default:
      return assertNever(t);
  }
}

/** A definition as it will be saved, or refused with the first thing to fix. */
export function checkDefinition(d: PlanDefinition): PlanDefinition {
  const name = words(d.name);
  if (!name) throw validation(PLAN_MESSAGES.name);
  if (name.length > PLAN_NAME_MAX) throw validation(PLAN_MESSAGES.nameLength);
  if (d.steps.length === 0) throw validation(PLAN_MESSAGES.noSteps);
  if (d.steps.length > PLAN_STEPS_MAX) throw validation(PLAN_MESSAGES.tooManySteps);
  const steps = d.steps.map(checkStep);
  if (steps.at(-1)!.kind === 'wait') throw validation(PLAN_MESSAGES.lastWait);
  return { name, steps, triggers: d.triggers.map(checkTrigger) };
}

export function decidePlan(c: PlanCommand, s: Plan): PlanEvent[] {
  switch (c.kind) {
    case 'create': {
      // A retried create (the same id) is the plan already there.
      if (s.exists) return [];
      const d = checkDefinition(c);
      return [{ type: 'PlanSaved', data: { planId: c.planId, scope: c.scope, ownerId: c.ownerId, ...d, version: 1, byUserId: c.byUserId } }];
    }
    case 'edit': {
      if (!s.exists || s.archived || !c.mayEdit(s)) throw notFound(PLAN_NOT_FOUND);
      const d = checkDefinition(c);
      if (JSON.stringify(d) === JSON.stringify(s.definition)) return [];
      return [{ type: 'PlanSaved', data: { planId: s.planId, scope: s.scope, ownerId: s.ownerId, ...d, version: s.version + 1, byUserId: c.byUserId } }];
    }
    case 'archive':
      if (!s.exists || !c.mayEdit(s)) throw notFound(PLAN_NOT_FOUND);
      if (s.archived) return [];
      return [{ type: 'PlanArchived', data: { planId: s.planId, scope: s.scope, ownerId: s.ownerId, byUserId: c.byUserId } }];
    default:
      return assertNever(c);
  }
}

export const planDecider: Decider<Plan, PlanCommand, PlanEvent> = { initialState: () => ({ exists: false }), evolve: evolvePlan, decide: decidePlan };
