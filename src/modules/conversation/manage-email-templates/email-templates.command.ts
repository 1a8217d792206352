import { decideCommand } from '../../../commands/decide-command';
import { templatesDecider } from './email-templates.decide';

export class TemplatesCommand extends decideCommand(templatesDecider) {}
