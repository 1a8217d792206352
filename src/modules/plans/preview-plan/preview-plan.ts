import { type MergeValues, renderMergeFields } from '../../../contract/merge-fields';
import type { PlanPreviewStep, PlanStep } from '../../../contract/plans';
import { waitEnds } from '../business-hours/business-hours';
import { type StepFacts, stepOutcome } from '../run-steps/run-step.decide';

export type TemplateText = { readonly name: string; readonly subject: string; readonly body: string };

/**
 * What a lead would get from a plan if enrolled now: each step with when it would run (waits in
 * business hours of the lead's zone), what it says with this lead's merge fields filled, and why
 * it would be skipped as the lead stands now. Pure: the same decision the process manager makes
 * (stepOutcome), on the same facts; what earlier steps would change (a tag, a stage) is not
 * foreseen, and a reply or a change of consent later changes what really happens.
 */
export function previewPlan(
  steps: readonly PlanStep[],
  facts: StepFacts,
  values: MergeValues,
  templates: ReadonlyMap<string, TemplateText>,
): PlanPreviewStep[] {
  let at = new Date(facts.now);
  return steps.map((step, index) => {
    const template = step.kind === 'email' ? templates.get(step.templateId) : undefined;
    const { detail, reason } = stepOutcome(step, { ...facts, now: at.toISOString(), templateName: template?.name ?? null });
    const dueAt = at.toISOString();
    if (step.kind === 'wait' && !reason) at = waitEnds(at, step.amount, step.unit, facts.zone);
    const message =
      step.kind === 'email' && template
        ? { subject: renderMergeFields(template.subject, values).trim(), body: renderMergeFields(template.body, values).trim() }
        : step.kind === 'text'
          ? { subject: null, body: renderMergeFields(step.body, values).trim() }
          : null;
    return { index, kind: step.kind, dueAt, detail, skipReason: reason, message };
  });
}
