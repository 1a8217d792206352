import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { NotificationsModule } from '../notifications';
import { SitesModule } from '../sites';
import { AlertLinks } from './open-alerts/alert-links';
import { AlertOpenController } from './open-alerts/alert-open.http';
import { AlertDispatcher } from './send-alerts/alert-dispatcher.reactor';

/** Property alerts: the dispatcher that matches queued listing changes and sends (instant and digests), and what comes back from the e-mails. */
@Module({
  imports: [AccountsModule, ListingsModule, MessagingModule, NotificationsModule, SitesModule],
  controllers: [AlertOpenController],
  providers: [AlertDispatcher, AlertLinks],
  exports: [AlertDispatcher],
})
export class AlertsModule {}
