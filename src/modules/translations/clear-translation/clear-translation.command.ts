import { decideCommand } from '../../../commands/decide-command';
import { clearTranslationDecider } from './clear-translation.decide';

export class ClearTranslationCommand extends decideCommand(clearTranslationDecider) {}
