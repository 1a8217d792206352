import { decideCommand } from '../../../commands/decide-command';
import { officeSettingsDecider } from './change-pipeline.decide';

export class OfficeSettingsCommand extends decideCommand(officeSettingsDecider) {}
