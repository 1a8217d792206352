import { decideCommand } from '../../commands/decide-command';
import { organizerDecider } from './organizer.decide';

export class OrganizerCommand extends decideCommand(organizerDecider) {}
