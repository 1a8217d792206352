import { decideCommand } from '../../commands/decide-command';
import { agreementsDecider } from './agreements.decide';

export class AgreementCommandOnLead extends decideCommand(agreementsDecider) {}
