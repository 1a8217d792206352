import { decideCommand } from '../../../commands/decide-command';
import { smartListsDecider } from './smart-lists.decide';

export class SmartListsCommand extends decideCommand(smartListsDecider) {}
