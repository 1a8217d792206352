import { z } from 'zod';
import { routes } from '../route';

const TAG = 'dev';

/** The development outboxes (staff; not served in production): what the mail and SMS adapters kept, newest first. */
export const devOutboxesRoutes = routes('devOutboxes', {
  mailbox: {
    method: 'GET',
    path: 'api/dev/mailbox',
    summary: 'Development mailbox: the mail_outbox, newest first (?to= one address); absent in production',
    tag: TAG,
    access: 'staff',
    query: z.strictObject({ to: z.string().max(320).optional() }),
    responses: {
      200: z.strictObject({
        messages: z
          .array(
            z.strictObject({
              id: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string().nullable(),
              headers: z.record(z.string(), z.string()),
              attachments: z.array(z.strictObject({ filename: z.string(), contentType: z.string(), content: z.string() })).readonly(),
              createdAt: z.string(),
            }),
          )
          .readonly(),
      }),
    },
  },
  sms: {
    method: 'GET',
    path: 'api/dev/sms',
    summary: 'Development SMS outbox: the sms_outbox, newest first (?to= ten digits; another value lists every text); absent in production',
    tag: TAG,
    access: 'staff',
    query: z.strictObject({ to: z.string().max(40).optional() }),
    responses: {
      200: z.strictObject({
        messages: z
          .array(z.strictObject({ id: z.string(), to: z.string(), body: z.string(), mediaUrl: z.string().nullable(), createdAt: z.string() }))
          .readonly(),
      }),
    },
  },
});
