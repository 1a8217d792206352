import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

/** The server's VAPID public key a browser subscribes with. */
export const pushKey = () => api(contract.push.publicKey);

/** Sends this browser's subscription (a PushSubscription's JSON; the server refuses one without its keys). */
export const subscribePush = (s: PushSubscriptionJSON) =>
  api(contract.push.subscribe, {
    body: { endpoint: s.endpoint ?? '', expirationTime: s.expirationTime ?? null, keys: { p256dh: s.keys?.['p256dh'] ?? '', auth: s.keys?.['auth'] ?? '' } },
  });

export const unsubscribePush = (endpoint: string) => api(contract.push.unsubscribe, { body: { endpoint } });
