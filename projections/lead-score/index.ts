export { leadScoreProjection } from './lead-score.projection';
export { type Contribution, DEFAULT_RULES_VERSION, DEFAULT_SCORING_RULES, type LeadScore, type ScoreFact, scoreLead } from './lead-score';
export { leadScoreAsOf, leadScoreOf, rescoreProgress, type RulesView, scoreOfFeedRow, scoringRulesOf, type ScoreView } from './score-queries';
