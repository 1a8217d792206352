import { z } from 'zod';
import { PUBLIC_EVENT_TYPES } from '../public-events';
import { routes } from '../route';

const TAG = 'Webhooks';
const AGENTS = 'agents, brokers, staff (their own webhooks)';
export const WEBHOOK_URL_MAX = 2000;
/** The event a webhook's "Send test" delivers (never sent otherwise). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const webhookUrl = z
  .string({ error: 'url is required' })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: `url must be at most ${WEBHOOK_URL_MAX} characters` })
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), { error: 'url must be an http or https URL' });
const webhookEvents = z
  .array(
    z.string({ error: 'events must be a list of event types' }).refine((t) => (PUBLIC_EVENT_TYPES as readonly string[]).includes(t), {
      error: `events must be among ${PUBLIC_EVENT_TYPES.join(', ')}`,
    }),
    { error: 'events must be a list of event types' },
  )
  .refine((types) => types.length > 0, { error: 'choose at least one event' })
  .transform((types) => [...new Set(types)]);

export const WebhookViewSchema = z.strictObject({
  webhookId: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
  paused: z.boolean(),
  /** Why it is paused: 'owner' (paused by hand) or 'failing' (a day of failed deliveries). */
  pausedWhy: z.enum(['owner', 'failing']).nullable(),
  pending: z.number(),
  failed: z.number(),
});

export const WebhookDeliverySchema = z.strictObject({
  eventId: z.string(),
  type: z.string(),
  /** pending (waiting for its first or next try), sent, failed (given up; "send again" queues it anew). */
  status: z.enum(['pending', 'sent', 'failed']),
  tries: z.number(),
  lastStatus: z.number().nullable(),
  lastAnswer: z.string().nullable(),
  queuedAt: z.string(),
  lastTriedAt: z.string().nullable(),
  nextTryAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

const WebhookParams = z.strictObject({ webhookId: z.string() });

/** Webhooks out (contract section 12): the public events of the maker's scope, POSTed signed to a URL. */
export const webhooksRoutes = routes('webhooks', {
  create: {
    method: 'POST',
    path: 'api/dashboard/webhooks',
    summary: 'Subscribe a URL to public events (the signing secret is in this answer only)',
    tag: TAG,
    access: AGENTS,
    body: z.strictObject({ url: webhookUrl, events: webhookEvents }),
    responses: { 201: z.strictObject({ webhookId: z.string(), secret: z.string() }) },
  },
  list: {
    method: 'GET',
    path: 'api/dashboard/webhooks',
    summary: "The viewer's webhooks, newest first",
    tag: TAG,
    access: AGENTS,
    responses: { 200: z.strictObject({ webhooks: z.array(WebhookViewSchema) }) },
  },
  update: {
    method: 'PATCH',
    path: 'api/dashboard/webhooks/:webhookId',
    summary: 'Change the URL or the events, pause or resume',
    tag: TAG,
    access: AGENTS,
    params: WebhookParams,
    body: z.strictObject({
      url: webhookUrl.optional(),
      events: webhookEvents.optional(),
      paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    }),
    responses: { 200: WebhookViewSchema },
  },
  remove: {
    method: 'DELETE',
    path: 'api/dashboard/webhooks/:webhookId',
    summary: 'Delete a webhook and its delivery log',
    tag: TAG,
    access: AGENTS,
    params: WebhookParams,
    responses: { 204: z.undefined() },
  },
  deliveries: {
    method: 'GET',
    path: 'api/dashboard/webhooks/:webhookId/deliveries',
    summary: "The webhook's delivery log, newest first (the last 100)",
    tag: TAG,
    access: AGENTS,
    params: WebhookParams,
    responses: { 200: z.strictObject({ deliveries: z.array(WebhookDeliverySchema) }) },
  },
  test: {
    method: 'POST',
    path: 'api/dashboard/webhooks/:webhookId/test',
    summary: `Deliver a ${WEBHOOK_TEST_EVENT} event to the webhook now`,
    tag: TAG,
    access: AGENTS,
    params: WebhookParams,
    responses: { 202: z.strictObject({ eventId: z.string() }) },
  },
  redeliver: {
    method: 'POST',
    path: 'api/dashboard/webhooks/:webhookId/deliveries/:eventId/retry',
    summary: 'Send a delivery again (the same event id), tried at once',
    tag: TAG,
    access: AGENTS,
    params: z.strictObject({ webhookId: z.string(), eventId: z.string() }),
    responses: { 202: z.strictObject({ eventId: z.string() }) },
  },
});
