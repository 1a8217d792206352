import { decideCommand } from '../../../commands/decide-command';
import { replyNoticesDecider } from './reply-notices.decide';

export class ReplyNoticesCommand extends decideCommand(replyNoticesDecider) {}
