import { decideCommand } from '../../../commands/decide-command';
import { readThreadDecider } from './read-thread.decide';

export class ReadThreadCommand extends decideCommand(readThreadDecider) {}
