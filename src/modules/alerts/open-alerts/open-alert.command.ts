import { decideCommand } from '../../../commands/decide-command';
import { openAlertDecider } from './open-alert.decide';
import { useAlertLinkDecider } from './open-alert.decide';

export class OpenAlertCommand extends decideCommand(openAlertDecider) {}

export class UseAlertLinkCommand extends decideCommand(useAlertLinkDecider) {}
