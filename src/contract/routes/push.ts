import { z } from 'zod';
import { Done } from '../fields';
import { routes } from '../route';

const TAG = 'Web push';
const httpsAddress = () => z.url({ protocol: /^https?$/, error: 'endpoint must be an https address' }).max(1000);

/** Web push for the signed-in user: the public key to subscribe with, and the subscription itself. */
export const pushRoutes = routes('push', {
  publicKey: {
    method: 'GET',
    path: 'api/push/publickey',
    summary: "The server's VAPID public key a browser subscribes with",
    tag: TAG,
    access: 'anyone',
    responses: { 200: z.strictObject({ publicKey: z.string() }) },
  },
  subscribe: {
    method: 'POST',
    path: 'api/push/subscribe',
    summary: "Subscribe this browser (a PushSubscription's JSON; the endpoint must be a known push service's https address)",
    tag: TAG,
    access: 'signed in',
    body: z.strictObject({
      endpoint: httpsAddress(),
      expirationTime: z.number().nullable().optional(),
      keys: z.strictObject({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/) }),
    }),
    responses: { 200: Done },
  },
  unsubscribe: {
    method: 'POST',
    path: 'api/push/unsubscribe',
    summary: "Unsubscribe this browser's endpoint",
    tag: TAG,
    access: 'signed in',
    body: z.strictObject({ endpoint: httpsAddress() }),
    responses: { 200: Done },
  },
});
