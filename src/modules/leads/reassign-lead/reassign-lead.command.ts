import { decideCommand } from '../../../commands/decide-command';
import { reassignLeadDecider } from './reassign-lead.decide';

export class ReassignLeadCommand extends decideCommand(reassignLeadDecider) {}
