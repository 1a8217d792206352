import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../src/modules/notifications/notifications.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { pushSubscriptionsFor, webPushProjection } from './index';

const AGENT = specId(1);
const STAFF = specId(2);
const subscribed = (userId: string, endpoint: string, securityLevel = 10): NotificationEvent => ({
  type: 'WebPushSubscribed',
  data: { userId, securityLevel, endpoint: `https://push.example/${endpoint}`, p256dh: 'key', auth: 'secret' },
});
const unsubscribed = (userId: string, endpoint: string): NotificationEvent => ({
  type: 'WebPushUnsubscribed',
  data: { userId, endpoint: `https://push.example/${endpoint}` },
});
const endpoints = (rows: readonly { endpoint: string }[]) => rows.map((r) => r.endpoint.slice('https://push.example/'.length)).sort();

describe('web push subscriptions read model', () => {
  const spec = projectionSpecification(webPushProjection);

  it("given an agent's two browsers and a staff member's, when one browser unsubscribes, then the agent is reached on the other; staff notices reach staff", () =>
    spec
      .given(subscribed(AGENT, 'phone'), subscribed(AGENT, 'laptop'), subscribed(STAFF, 'desk', 25))
      .when(unsubscribed(AGENT, 'phone'))
      .then(async ({ pool }) => {
        expect(endpoints(await pushSubscriptionsFor(pool, [AGENT], false))).toEqual(['laptop']);
        expect(endpoints(await pushSubscriptionsFor(pool, [], true))).toEqual(['desk']);
      }));

  it('given a browser handed from one user to another (same endpoint), when the first unsubscribes it, then the new owner keeps it', () =>
    spec
      .given(subscribed(AGENT, 'shared'), subscribed(STAFF, 'shared', 25))
      .when(unsubscribed(AGENT, 'shared'))
      .then(async ({ pool }) => expect((await pushSubscriptionsFor(pool, [AGENT, STAFF], false)).map((r) => r.user_id)).toEqual([STAFF])));

  it('given an agent subscribed, when the person is erased, then their browsers are forgotten', () => {
    const erased: PersonErased = {
      type: 'PersonErased',
      data: { userId: AGENT, leadIds: [], byUserId: null, how: 'self', reason: 'Asked from the account page' },
    };
    return spec
      .given(subscribed(AGENT, 'phone'), subscribed(STAFF, 'desk', 25))
      .when(erased)
      .then(async ({ pool }) => expect(endpoints(await pushSubscriptionsFor(pool, [AGENT, STAFF], false))).toEqual(['desk']));
  });
});
