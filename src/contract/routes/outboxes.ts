import { z } from 'zod';
import { FailedOutboxSchema } from '../outboxes';
import { routes } from '../route';

const TAG = 'Back-office: outboxes';

/** The messages the outboxes gave up, per outbox, with their reason; staff send one again. */
export const outboxesRoutes = routes('outboxes', {
  failed: {
    method: 'GET',
    path: 'api/backoffice/outboxes/failed',
    summary: 'Every outbox with its failed messages (newest first, at most 100 each): reason, attempts, last try',
    tag: TAG,
    access: 'staff',
    responses: { 200: z.strictObject({ outboxes: z.array(FailedOutboxSchema) }) },
  },
  sendAgain: {
    method: 'POST',
    path: 'api/backoffice/outboxes/:outbox/:id/send-again',
    summary: 'Queue a failed message once more (the same message id; 404: no such outbox or message, 409: not failed)',
    tag: TAG,
    access: 'staff',
    params: z.strictObject({ outbox: z.string(), id: z.string() }),
    body: z.strictObject({}),
    responses: { 202: z.strictObject({ isSuccess: z.literal(true) }) },
  },
});
