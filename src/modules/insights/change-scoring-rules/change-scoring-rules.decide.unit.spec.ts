import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { DEFAULT_SCORING_RULES } from '../../../../projections/lead-score';
import type { ScoringEvent, ScoringRules } from '../scoring.events';
import { decideScoringRules, SCORING_RULE_MESSAGES, scoringRulesDecider } from './change-scoring-rules.decide';

const B = 'broker-1';
const given = (...events: ScoringEvent[]) => fold(scoringRulesDecider, events);
const changed = (rulesVersion: number, rules: ScoringRules): ScoringEvent => ({
  type: 'ScoringRulesChanged',
  data: { scope: B, rulesVersion, rules, byUserId: B },
});
const showingWorth = (points: number): ScoringRules => ({
  ...DEFAULT_SCORING_RULES,
  signals: { ...DEFAULT_SCORING_RULES.signals, showing: { points, halfLifeDays: 21, cap: 30 } },
});

describe('changing the scoring rules (given / when / then)', () => {
  it('given no change yet, when rules are saved, then ScoringRulesChanged version 1 with who changed them', () => {
    expect(decideScoringRules({ scope: B, rules: showingWorth(25), byUserId: B }, given())).toEqual([changed(1, showingWorth(25))]);
  });

  it('given version 2, when other rules are saved, then version 3; the same rules again (a retry), then nothing', () => {
    const s = given(changed(1, showingWorth(25)), changed(2, showingWorth(30)));
    expect(decideScoringRules({ scope: B, rules: showingWorth(10), byUserId: B }, s)).toEqual([changed(3, showingWorth(10))]);
    expect(decideScoringRules({ scope: B, rules: showingWorth(30), byUserId: B }, s)).toEqual([]);
  });

  it('given any state, when a rule is out of its bounds, then refused with what it must be', () => {
    const bad = (rules: ScoringRules) => refused(() => decideScoringRules({ scope: B, rules, byUserId: B }, given())).message;
    expect(bad(showingWorth(101))).toBe(SCORING_RULE_MESSAGES.points);
    expect(bad(showingWorth(2.5))).toBe(SCORING_RULE_MESSAGES.points);
    expect(bad({ ...DEFAULT_SCORING_RULES, signals: { ...DEFAULT_SCORING_RULES.signals, reply: { points: 5, halfLifeDays: 0, cap: 10 } } })).toBe(
      SCORING_RULE_MESSAGES.halfLife,
    );
    expect(bad({ ...DEFAULT_SCORING_RULES, signals: { ...DEFAULT_SCORING_RULES.signals, reply: { points: 5, halfLifeDays: 3, cap: 200 } } })).toBe(
      SCORING_RULE_MESSAGES.cap,
    );
    expect(bad({ ...DEFAULT_SCORING_RULES, stages: { Lost: -101 } })).toBe(SCORING_RULE_MESSAGES.stage);
    expect(bad({ ...DEFAULT_SCORING_RULES, priceFocus: { points: 10, minViews: 1, withinPercent: 20 } })).toBe(SCORING_RULE_MESSAGES.focus);
  });
});
