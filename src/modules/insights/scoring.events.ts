/**
 * The lead score's rules as data (issue 19 part 3): which of a lead's doings count, how many
 * points, how fast they fade and where each kind stops counting. A change is an event on the
 * stream `scoring-rules-{scope}` (scope: an office's broker id, or `default` for staff's rules
 * that every office without its own uses), so who changed them and when is on the log, and the
 * lead_score read model rescores by folding each lead's events again.
 */
export type ScoredSignal = 'visit' | 'favourite' | 'share' | 'showing' | 'reply' | 'alertOpen';
export const SCORED_SIGNALS: readonly ScoredSignal[] = ['visit', 'favourite', 'share', 'showing', 'reply', 'alertOpen'];

export type SignalRule = {
  /** Points for one such event, new. */
  readonly points: number;
  /** Days after which an event counts half (and a quarter after twice that). */
  readonly halfLifeDays: number;
  /** The most points all events of this kind together can give. */
  readonly cap: number;
};

export type ScoringRules = {
  readonly signals: { readonly [K in ScoredSignal]: SignalRule };
  /** Points for the lead's current stage (negative for stages that mean "not now"). */
  readonly stages: Readonly<Record<string, number>>;
  /** Homes viewed at prices close together mean a buyer who knows their range. */
  readonly priceFocus: { readonly points: number; readonly minViews: number; readonly withinPercent: number };
};

export type ScoringRulesChanged = {
  readonly type: 'ScoringRulesChanged';
  readonly data: {
    /** An office's broker id, or 'default'. */
    readonly scope: string;
    readonly rulesVersion: number;
    readonly rules: ScoringRules;
    readonly byUserId: string;
  };
};

export type ScoringEvent = ScoringRulesChanged;
export const scoringRulesStream = (scope: string) => `scoring-rules-${scope}`;
