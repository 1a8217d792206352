/** Contract 5a: a lead's score and what makes it (GET /api/dashboard/leads/{leadId}/score?asOf=). The points add up to the score, 0 to 100. */
export type ScoreContribution = { readonly points: number; readonly reason: string; readonly eventType: string; readonly at: string };
export type LeadScoreView = { readonly score: number; readonly rulesVersion: number; readonly contributions: readonly ScoreContribution[] };

export type ScoreSignalName = 'visit' | 'favourite' | 'share' | 'showing' | 'reply' | 'alertOpen';
export type ScoreRulesData = {
  readonly signals: { readonly [K in ScoreSignalName]: { readonly points: number; readonly halfLifeDays: number; readonly cap: number } };
  readonly stages: Readonly<Record<string, number>>;
  readonly priceFocus: { readonly points: number; readonly minViews: number; readonly withinPercent: number };
};
/** GET /api/dashboard/score-rules: the rules in force for the viewer's office (staff: `default` or ?scope=), and how far rescoring under them has come. */
export type ScoreRulesView = {
  readonly scope: string;
  readonly rulesVersion: number;
  readonly rules: ScoreRulesData;
  readonly changedBy: string | null;
  readonly changedAt: string | null;
  readonly rescored: { readonly scored: number; readonly total: number };
};
