import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { NotificationsModule } from '../notifications';
import { ListingsModule } from '../listings';
import { NewLeadNotifier } from './notify-new-lead/new-lead-notifier.reactor';

/** Speed to lead: the agents told of a new lead at once, by e-mail, text and web push. */
@Module({
  imports: [AccountsModule, MessagingModule, NotificationsModule, ListingsModule],
  controllers: [],
  providers: [NewLeadNotifier],
  exports: [NewLeadNotifier],
})
export class SpeedToLeadModule {}
