import { decideCommand } from '../../../commands/decide-command';
import { verifyEmailDecider } from './verify-email.decide';

export class VerifyEmailCommand extends decideCommand(verifyEmailDecider) {}
