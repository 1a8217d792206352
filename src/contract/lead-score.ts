import { z } from 'zod';

export const SCORE_SIGNALS = ['visit', 'favourite', 'share', 'showing', 'reply', 'alertOpen'] as const;
export type ScoreSignalName = (typeof SCORE_SIGNALS)[number];

/** Contract 5a: a lead's score and what makes it (GET /api/dashboard/leads/{leadId}/score?asOf=). The points add up to the score, 0 to 100. */
export const ScoreContributionSchema = z.strictObject({ points: z.number(), reason: z.string(), eventType: z.string(), at: z.string() });
export type ScoreContribution = z.infer<typeof ScoreContributionSchema>;
export const LeadScoreViewSchema = z.strictObject({ score: z.number(), rulesVersion: z.number(), contributions: z.array(ScoreContributionSchema).readonly() });
export type LeadScoreView = z.infer<typeof LeadScoreViewSchema>;

const SignalRuleSchema = z.strictObject({ points: z.number(), halfLifeDays: z.number(), cap: z.number() });
export const ScoreRulesDataSchema = z.strictObject({
  signals: z.strictObject(Object.fromEntries(SCORE_SIGNALS.map((s) => [s, SignalRuleSchema])) as Record<ScoreSignalName, typeof SignalRuleSchema>),
  stages: z.record(z.string(), z.number()).readonly(),
  priceFocus: z.strictObject({ points: z.number(), minViews: z.number(), withinPercent: z.number() }),
});
export type ScoreRulesData = z.infer<typeof ScoreRulesDataSchema>;

/** GET /api/dashboard/score-rules: the rules in force for the viewer's office (staff: `default` or ?scope=), and how far rescoring under them has come. */
export const ScoreRulesViewSchema = z.strictObject({
  scope: z.string(),
  rulesVersion: z.number(),
  rules: ScoreRulesDataSchema,
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
  rescored: z.strictObject({ scored: z.number(), total: z.number() }),
});
export type ScoreRulesView = z.infer<typeof ScoreRulesViewSchema>;
