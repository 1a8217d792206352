import { decideCommand } from '../../../commands/decide-command';
import { proposeShowingDecider } from './propose-showing.decide';

export class ProposeShowingCommand extends decideCommand(proposeShowingDecider) {}
