import { decideCommand } from '../../commands/decide-command';
import { mailboxDecider } from './mailbox.decide';

export class MailboxCommand extends decideCommand(mailboxDecider) {}
