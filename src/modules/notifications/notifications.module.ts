import { Module } from '@nestjs/common';
import { VapidKeys } from './vapid-keys';
import { WebPushController } from './web-push.http';
import { WebPushNotifier } from './send-push/web-push.reactor';

/** Web push (VAPID) for new leads, chat messages, and through WebPushNotifier.notify the pond notices and task reminders. */
@Module({ controllers: [WebPushController], providers: [VapidKeys, WebPushNotifier], exports: [VapidKeys, WebPushNotifier] })
export class NotificationsModule {}
