import { decideCommand } from '../../../commands/decide-command';
import { changeShowingDecider } from './change-showing.decide';

export class ChangeShowingCommand extends decideCommand(changeShowingDecider) {}
