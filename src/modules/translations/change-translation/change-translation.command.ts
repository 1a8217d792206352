import { decideCommand } from '../../../commands/decide-command';
import { changeTranslationDecider } from './change-translation.decide';

export class ChangeTranslationCommand extends decideCommand(changeTranslationDecider) {}
