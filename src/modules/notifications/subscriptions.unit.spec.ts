import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import type { NotificationEvent } from './notifications.events';
import { decideSubscriptions, type SubscriptionCommand, subscriptionsDecider } from './subscriptions';

const U = 'u1';
const PHONE = 'https://fcm.googleapis.com/fcm/send/phone';
const LAPTOP = 'https://updates.push.services.mozilla.com/wpush/v2/laptop';
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

const subscribe = (endpoint: string, k: { p256dh: string; auth: string } = keys, securityLevel = 10): SubscriptionCommand => ({
  kind: 'subscribe',
  userId: U,
  securityLevel,
  endpoint,
  ...k,
});
const unsubscribe = (endpoint: string): SubscriptionCommand => ({ kind: 'unsubscribe', userId: U, endpoint });
const subscribed = (endpoint: string, k = keys, securityLevel = 10): NotificationEvent => ({
  type: 'WebPushSubscribed',
  data: { userId: U, securityLevel, endpoint, ...k },
});
const unsubscribed = (endpoint: string): NotificationEvent => ({ type: 'WebPushUnsubscribed', data: { userId: U, endpoint } });
const given = (...events: NotificationEvent[]) => fold(subscriptionsDecider, events);

describe('web push subscriptions (given / when / then)', () => {
  it('given no subscription, when a browser subscribes, then WebPushSubscribed with the user, level, endpoint and keys (no command kind)', () => {
    expect(decideSubscriptions(subscribe(PHONE), given())).toEqual([
      { type: 'WebPushSubscribed', data: { userId: U, securityLevel: 10, endpoint: PHONE, p256dh: keys.p256dh, auth: keys.auth } },
    ]);
  });

  it('given the phone subscribed, when the laptop subscribes, then WebPushSubscribed for the laptop', () => {
    expect(decideSubscriptions(subscribe(LAPTOP), given(subscribed(PHONE)))).toEqual([subscribed(LAPTOP)]);
  });

  it('given the phone subscribed, when it subscribes again with the same keys, then nothing', () => {
    expect(decideSubscriptions(subscribe(PHONE), given(subscribed(PHONE)))).toEqual([]);
  });

  it('given the phone subscribed, when it subscribes with a new p256dh or a new auth, then WebPushSubscribed with the new keys', () => {
    const state = given(subscribed(PHONE));
    const newP256dh = { ...keys, p256dh: 'C'.repeat(87) };
    const newAuth = { ...keys, auth: 'b'.repeat(22) };
    expect(decideSubscriptions(subscribe(PHONE, newP256dh), state)).toEqual([subscribed(PHONE, newP256dh)]);
    expect(decideSubscriptions(subscribe(PHONE, newAuth), state)).toEqual([subscribed(PHONE, newAuth)]);
  });

  it('given the phone resubscribed with new keys, when it subscribes with those keys again, then nothing (the latest keys count)', () => {
    const newKeys = { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) };
    expect(decideSubscriptions(subscribe(PHONE, newKeys), given(subscribed(PHONE), subscribed(PHONE, newKeys)))).toEqual([]);
    expect(decideSubscriptions(subscribe(PHONE), given(subscribed(PHONE), subscribed(PHONE, newKeys)))).toEqual([subscribed(PHONE)]);
  });

  it('given the phone subscribed, when it unsubscribes, then WebPushUnsubscribed', () => {
    expect(decideSubscriptions(unsubscribe(PHONE), given(subscribed(PHONE), subscribed(LAPTOP)))).toEqual([
      { type: 'WebPushUnsubscribed', data: { userId: U, endpoint: PHONE } },
    ]);
  });

  it('given no subscription, or only the laptop, when the phone unsubscribes, then nothing', () => {
    expect(decideSubscriptions(unsubscribe(PHONE), given())).toEqual([]);
    expect(decideSubscriptions(unsubscribe(PHONE), given(subscribed(LAPTOP)))).toEqual([]);
  });

  it('given the phone subscribed then unsubscribed, when it unsubscribes again, then nothing; when it subscribes again, then WebPushSubscribed', () => {
    const state = given(subscribed(PHONE), unsubscribed(PHONE));
    expect(decideSubscriptions(unsubscribe(PHONE), state)).toEqual([]);
    expect(decideSubscriptions(subscribe(PHONE), state)).toEqual([subscribed(PHONE)]);
  });
});
