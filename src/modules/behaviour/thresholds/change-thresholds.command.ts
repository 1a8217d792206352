import { decideCommand } from '../../../commands/decide-command';
import { thresholdsDecider } from './change-thresholds.decide';

export class ThresholdsCommand extends decideCommand(thresholdsDecider) {}
