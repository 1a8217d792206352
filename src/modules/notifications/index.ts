export type { NotificationEvent, WebPushSubscribed, WebPushUnsubscribed } from './notifications.events';
export { notificationEventTypes, webPushStream } from './notifications.events';
export { NotificationsModule } from './notifications.module';
export { type Notification, WebPushNotifier, WORDED } from './send-push/web-push.reactor';
export { pushId, WebPushSender } from './send-push/web-push-sender.reactor';
export { type QueuedPush, queueNotification, queueWebPush, WEB_PUSH_TABLES, webPushQueueProjection } from './send-push/web-push.queue';
