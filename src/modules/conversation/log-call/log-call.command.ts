import { decideCommand } from '../../../commands/decide-command';
import { logCallDecider } from './log-call.decide';

export class LogCallCommand extends decideCommand(logCallDecider) {}
