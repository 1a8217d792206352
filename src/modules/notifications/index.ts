export type { NotificationEvent, WebPushSubscribed, WebPushUnsubscribed } from './notifications.events';
export { notificationEventTypes, webPushStream } from './notifications.events';
export { NotificationsModule } from './notifications.module';
export { type Notification, WebPushNotifier } from './send-push/web-push.reactor';
