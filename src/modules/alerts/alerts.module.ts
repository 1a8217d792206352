import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { AlertDispatcher } from './send-alerts/alert-dispatcher';

/** Property alerts: the dispatcher that matches queued listing changes and sends (instant and digests). */
@Module({
  imports: [AccountsModule, ListingsModule, MessagingModule, SitesModule],
  providers: [AlertDispatcher],
  exports: [AlertDispatcher],
})
export class AlertsModule {}
