import { decideCommand } from '../../../commands/decide-command';
import { leadImportDecider } from './lead-import';

export class LeadImportCommand extends decideCommand(leadImportDecider) {}
