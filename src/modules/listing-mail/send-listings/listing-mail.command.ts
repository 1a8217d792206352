import { decideCommand } from '../../../commands/decide-command';
import { listingMailDecider } from './listing-mail.decide';

export class ListingMailCommand extends decideCommand(listingMailDecider) {}
