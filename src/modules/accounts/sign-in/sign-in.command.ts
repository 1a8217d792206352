import { decideCommand } from '../../../commands/decide-command';
import { signOutDecider } from './sign-in.decide';
import { signInDecider } from './sign-in.decide';

export class SignOutCommand extends decideCommand(signOutDecider) {}

export class SignInCommand extends decideCommand(signInDecider) {}
