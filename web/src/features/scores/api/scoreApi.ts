import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { LeadScoreView, ScoreRulesData, ScoreRulesView } from '../../../../../src/contract/lead-score';

export type { LeadScoreView, ScoreRulesData, ScoreRulesView };

/** The lead score (issue 19 part 3): a lead's breakdown now or as of a date, and the office's scoring rules. */
export const scoreApi = {
  score: (leadId: string, asOf?: string) => api(contract.insights.score, { params: { leadId }, query: { asOf: asOf || undefined } }, { unique: true }),
  rules: () => api(contract.insights.scoreRules),
  changeRules: (rules: ScoreRulesData) => api(contract.insights.changeScoreRules, { body: { rules: { ...rules, stages: { ...rules.stages } } } }),
};
