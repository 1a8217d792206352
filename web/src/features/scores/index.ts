export * from './components/ScoreBadge';
export * from './components/ScoreRulesPanel';
