import { decideCommand } from '../../commands/decide-command';
import { officeDecider } from './office';

export class OfficeCommand extends decideCommand(officeDecider) {}
