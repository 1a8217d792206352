import { decideCommand } from '../../../commands/decide-command';
import { notesDecider } from './notes.decide';

export class NotesCommand extends decideCommand(notesDecider) {}
