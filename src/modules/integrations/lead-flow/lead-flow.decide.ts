import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import { evolveLeadFlow, initialLeadFlow, type LeadFlow, type LeadFlowEvent, type LeadFlowRule, type LeadFlowTarget } from './lead-flow.events';

export const SOURCE_TWICE = 'Each source may have one rule only';

export type LeadFlowCommand =
  | {
      readonly kind: 'rules';
      readonly officeId: string;
      readonly rules: readonly LeadFlowRule[];
      readonly defaultRule: LeadFlowTarget;
      readonly byUserId: string;
    }
  | { readonly kind: 'google-key'; readonly officeId: string; readonly googleKey: string | null; readonly byUserId: string };

const sameTarget = (a: LeadFlowTarget, b: LeadFlowTarget) => a.assignTo === b.assignTo && a.actionPlanId === b.actionPlanId;
const sameRules = (a: readonly LeadFlowRule[], b: readonly LeadFlowRule[]) =>
  a.length === b.length && a.every((r, i) => r.source === b[i]!.source && sameTarget(r, b[i]!));

/** The whole rule set replaces the last; the same rules again (a retried save) append nothing. */
export function decideLeadFlow(c: LeadFlowCommand, s: LeadFlow): LeadFlowEvent[] {
  if (c.kind === 'google-key') {
    if (s.googleKey === c.googleKey) return [];
    return [{ type: 'IntakeGoogleKeySet', data: { officeId: c.officeId, googleKey: c.googleKey, byUserId: c.byUserId } }];
  }
  const seen = new Set<string>();
  for (const r of c.rules) {
    const key = r.source.trim().toLowerCase();
    if (seen.has(key)) throw validation(SOURCE_TWICE);
    seen.add(key);
  }
  if (sameRules(s.rules, c.rules) && sameTarget(s.defaultRule, c.defaultRule)) return [];
  return [{ type: 'LeadFlowChanged', data: { officeId: c.officeId, rules: c.rules, defaultRule: c.defaultRule, byUserId: c.byUserId } }];
}

export const leadFlowDecider: Decider<LeadFlow, LeadFlowCommand, LeadFlowEvent> = {
  initialState: initialLeadFlow,
  evolve: evolveLeadFlow,
  decide: decideLeadFlow,
};
