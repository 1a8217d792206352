import { decideCommand } from '../../../commands/decide-command';
import { changePasswordDecider } from './password-reset.decide';
import { requestResetDecider } from './password-reset.decide';

export class ChangePasswordCommand extends decideCommand(changePasswordDecider) {}

export class RequestResetCommand extends decideCommand(requestResetDecider) {}
