import { decideCommand } from '../../commands/decide-command';
import { guideDecider } from './guide.decide';

export class GuideCommand extends decideCommand(guideDecider) {}
