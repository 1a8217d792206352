import { decideCommand } from '../../../commands/decide-command';
import { updateAccountDecider } from './update-account.decide';

export class UpdateAccountCommand extends decideCommand(updateAccountDecider) {}
