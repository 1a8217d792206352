import { Module } from '@nestjs/common';
import { VapidKeys } from './vapid-keys';
import { WebPushController } from './web-push.http';
import { WebPushNotifier } from './web-push.reactor';

/** Web push (VAPID) for new leads and chat messages. */
@Module({ controllers: [WebPushController], providers: [VapidKeys, WebPushNotifier], exports: [VapidKeys] })
export class NotificationsModule {}
