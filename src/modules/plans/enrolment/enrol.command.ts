import { decideCommand } from '../../../commands/decide-command';
import { enrolmentDecider } from './enrol.decide';

export class ChangeEnrolmentCommand extends decideCommand(enrolmentDecider) {}
