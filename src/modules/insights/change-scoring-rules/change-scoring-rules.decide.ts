import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import { SCORED_SIGNALS, type ScoringEvent, type ScoringRules } from '../scoring.events';

/** A scope's rules as its stream says: the latest version (0: never changed, the built-in rules apply). */
export type ScoringRulesState = { readonly version: number; readonly rules: ScoringRules | null };

export type ChangeScoringRules = { readonly scope: string; readonly rules: ScoringRules; readonly byUserId: string };

export const SCORING_RULE_MESSAGES = {
  points: 'Points of each signal must be a whole number from 0 to 100',
  halfLife: 'Half-life must be from 1 to 365 days',
  cap: 'A cap must be a whole number from 0 to 100',
  stage: 'Points of a stage must be a whole number from -100 to 100',
  focus: 'Price focus needs points from 0 to 100, 2 to 20 views and a spread from 1 to 100%',
} as const;

const whole = (n: number, lo: number, hi: number) => Number.isInteger(n) && n >= lo && n <= hi;
const canonical = (r: ScoringRules) =>
  JSON.stringify([
    SCORED_SIGNALS.map((s) => r.signals[s]),
    Object.keys(r.stages)
      .sort()
      .map((k) => [k, r.stages[k]]),
    r.priceFocus,
  ]);

export function evolveScoringRules(_: ScoringRulesState, e: ScoringEvent): ScoringRulesState {
  return { version: e.data.rulesVersion, rules: e.data.rules };
}

/**
 * New rules get the next version; the same rules again decide nothing (a retried save). The
 * limits keep every contribution a whole number and a score explainable in a few lines.
 */
export function decideScoringRules(c: ChangeScoringRules, state: ScoringRulesState): ScoringEvent[] {
  for (const s of SCORED_SIGNALS) {
    const r = c.rules.signals[s];
    if (!whole(r.points, 0, 100)) throw validation(SCORING_RULE_MESSAGES.points);
    if (!(r.halfLifeDays >= 1 && r.halfLifeDays <= 365)) throw validation(SCORING_RULE_MESSAGES.halfLife);
    if (!whole(r.cap, 0, 100)) throw validation(SCORING_RULE_MESSAGES.cap);
  }
  if (!Object.values(c.rules.stages).every((p) => whole(p, -100, 100))) throw validation(SCORING_RULE_MESSAGES.stage);
  const f = c.rules.priceFocus;
  if (!whole(f.points, 0, 100) || !whole(f.minViews, 2, 20) || !(f.withinPercent >= 1 && f.withinPercent <= 100)) throw validation(SCORING_RULE_MESSAGES.focus);
  if (state.rules && canonical(state.rules) === canonical(c.rules)) return [];
  return [{ type: 'ScoringRulesChanged', data: { scope: c.scope, rulesVersion: state.version + 1, rules: c.rules, byUserId: c.byUserId } }];
}

export const scoringRulesDecider: Decider<ScoringRulesState, ChangeScoringRules, ScoringEvent> = {
  initialState: () => ({ version: 0, rules: null }),
  evolve: evolveScoringRules,
  decide: decideScoringRules,
};
