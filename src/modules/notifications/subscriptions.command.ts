import { decideCommand } from '../../commands/decide-command';
import { subscriptionsDecider } from './subscriptions';

export class SubscriptionsCommand extends decideCommand(subscriptionsDecider) {}
