import { decideCommand } from '../../../commands/decide-command';
import { noteKeyUseDecider } from './note-key-use.decide';

export class NoteKeyUseCommand extends decideCommand(noteKeyUseDecider) {}
