import { request } from '../../../api/http';
import type { LeadScoreView, ScoreRulesData, ScoreRulesView } from '../../../../../src/contract/lead-score';

export type { LeadScoreView, ScoreRulesData, ScoreRulesView };

/** The lead score (issue 19 part 3): a lead's breakdown now or as of a date, and the office's scoring rules. */
export const scoreApi = {
  score: (leadId: string, asOf?: string) =>
    request<LeadScoreView>('GET', `/api/dashboard/leads/${encodeURIComponent(leadId)}/score${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`, undefined, { unique: true }),
  rules: () => request<ScoreRulesView>('GET', '/api/dashboard/score-rules'),
  changeRules: (rules: ScoreRulesData) => request<{ rulesVersion: number }>('PUT', '/api/dashboard/score-rules', { rules }),
};
