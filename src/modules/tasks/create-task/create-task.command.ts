import { decideCommand } from '../../../commands/decide-command';
import { createTaskDecider } from './create-task.decide';

export class CreateTaskCommand extends decideCommand(createTaskDecider) {}
