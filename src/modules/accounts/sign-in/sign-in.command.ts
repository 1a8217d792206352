import { decideCommand } from '../../../commands/decide-command';
import { signOutDecider } from './sign-in.decide';

export class SignOutCommand extends decideCommand(signOutDecider) {}
