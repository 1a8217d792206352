import { decideCommand } from '../../../commands/decide-command';
import { scoringRulesDecider } from './change-scoring-rules.decide';

export class ScoringRulesCommand extends decideCommand(scoringRulesDecider) {}
