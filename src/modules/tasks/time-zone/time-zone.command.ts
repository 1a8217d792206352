import { decideCommand } from '../../../commands/decide-command';
import { timeZoneDecider } from './time-zone.decide';

export class TimeZoneCommand extends decideCommand(timeZoneDecider) {}
