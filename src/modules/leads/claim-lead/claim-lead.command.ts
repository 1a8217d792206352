import { decideCommand } from '../../../commands/decide-command';
import { claimLeadDecider } from './claim-lead.decide';

export class ClaimLeadCommand extends decideCommand(claimLeadDecider) {}
