import { decideCommand } from '../../../commands/decide-command';
import { leadEmailDecider } from './lead-email.decide';

export class LeadEmailCommand extends decideCommand(leadEmailDecider) {}
