import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging';
import { VapidKeys } from './vapid-keys';
import { WebPushController } from './web-push.http';
import { WebPushNotifier } from './send-push/web-push.reactor';
import { WebPushSender } from './send-push/web-push-sender.reactor';

/** Web push (VAPID): the subscriptions, the web push outbox's sender, and WebPushNotifier.notify for the pond notices and task reminders. */
@Module({
  imports: [MessagingModule],
  controllers: [WebPushController],
  providers: [VapidKeys, WebPushNotifier, WebPushSender],
  exports: [VapidKeys, WebPushNotifier, WebPushSender],
})
export class NotificationsModule {}
