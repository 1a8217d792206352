/** A browser's push subscription for a user, on the stream `webpush-{userId}`. */
export type WebPushSubscribed = {
  readonly type: 'WebPushSubscribed';
  readonly data: { readonly userId: string; readonly securityLevel: number; readonly endpoint: string; readonly p256dh: string; readonly auth: string };
};

/** The user turned it off, or the push service said the subscription is gone (404/410). */
export type WebPushUnsubscribed = { readonly type: 'WebPushUnsubscribed'; readonly data: { readonly userId: string; readonly endpoint: string } };

export type NotificationEvent = WebPushSubscribed | WebPushUnsubscribed;
export const notificationEventTypes = ['WebPushSubscribed', 'WebPushUnsubscribed'] as const satisfies readonly NotificationEvent['type'][];
export const webPushStream = (userId: string) => `webpush-${userId}`;
