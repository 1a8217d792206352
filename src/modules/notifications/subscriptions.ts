import type { Decider } from '../../commands/decider';
import { assertNever } from '../../shared/errors';
import type { NotificationEvent, WebPushSubscribed } from './notifications.events';

/** A user's subscribed endpoints. */
export type Subscriptions = ReadonlyMap<string, { readonly p256dh: string; readonly auth: string }>;

export type SubscriptionCommand =
  ({ readonly kind: 'subscribe' } & WebPushSubscribed['data']) | { readonly kind: 'unsubscribe'; readonly userId: string; readonly endpoint: string };

export function evolveSubscriptions(s: Subscriptions, e: NotificationEvent): Subscriptions {
  const next = new Map(s);
  switch (e.type) {
    case 'WebPushSubscribed':
      next.set(e.data.endpoint, { p256dh: e.data.p256dh, auth: e.data.auth });
      return next;
    case 'WebPushUnsubscribed':
      next.delete(e.data.endpoint);
      return next;
    default:
      return assertNever(e);
  }
}

/** Subscribing the same endpoint with the same keys again, or dropping an unknown one, appends nothing. */
export function decideSubscriptions(c: SubscriptionCommand, s: Subscriptions): NotificationEvent[] {
  if (c.kind === 'unsubscribe') return s.has(c.endpoint) ? [{ type: 'WebPushUnsubscribed', data: { userId: c.userId, endpoint: c.endpoint } }] : [];
  const known = s.get(c.endpoint);
  if (known && known.p256dh === c.p256dh && known.auth === c.auth) return [];
  const { kind: _k, ...data } = c;
  return [{ type: 'WebPushSubscribed', data }];
}

export const subscriptionsDecider: Decider<Subscriptions, SubscriptionCommand, NotificationEvent> = {
  initialState: () => new Map(),
  evolve: evolveSubscriptions,
  decide: decideSubscriptions,
};
