import { decideCommand } from '../../../commands/decide-command';
import { changeTaskDecider } from './change-task.decide';

export class ChangeTaskCommand extends decideCommand(changeTaskDecider) {}
