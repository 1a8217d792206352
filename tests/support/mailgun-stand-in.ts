import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mailgunSignature } from '../../src/modules/conversation/receive-inbound-email/mailgun-signature';

/** The webhook signing key and reply domain the tests configure (MAILGUN_WEBHOOK_SIGNING_KEY, INBOUND_EMAIL_DOMAIN). */
export const MAILGUN_KEY = 'key-inbound-test-0123456789abcdef';
export const REPLY_DOMAIN = 'reply.demo.test';
export const mailgunEnv = () => ({ MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY, INBOUND_EMAIL_DOMAIN: REPLY_DOMAIN });

export type MailgunAttachment = { readonly name: string; readonly type: string; readonly bytes: Buffer };

/** Mailgun's inbound route as it posts: a multipart form, signed with the webhook key (HMAC-SHA256 of timestamp + token). */
export function mailgunForm(
  fields: Record<string, string>,
  attachments: readonly MailgunAttachment[] = [],
  sign: { key?: string; timestamp?: number; token?: string } = {},
): FormData {
  const timestamp = String(sign.timestamp ?? Math.floor(Date.now() / 1000));
  const token = sign.token ?? randomBytes(25).toString('hex');
  const form = new FormData();
  for (const [k, v] of Object.entries({
    timestamp,
    token,
    signature: mailgunSignature(sign.key ?? MAILGUN_KEY, timestamp, token),
    'attachment-count': String(attachments.length),
    ...fields,
  }))
    form.append(k, v);
  attachments.forEach((a, i) => form.append(`attachment-${i + 1}`, new Blob([new Uint8Array(a.bytes)], { type: a.type }), a.name));
  return form;
}

/** Mailgun's webhook as it posts: JSON, signed with the webhook key (HMAC-SHA256 of timestamp + token). */
export function mailgunEvent(eventData: Record<string, unknown>, sign: { key?: string; timestamp?: number; token?: string } = {}) {
  const timestamp = String(sign.timestamp ?? Math.floor(Date.now() / 1000));
  const token = sign.token ?? randomBytes(25).toString('hex');
  return {
    signature: { timestamp, token, signature: mailgunSignature(sign.key ?? MAILGUN_KEY, timestamp, token) },
    'event-data': { id: randomBytes(11).toString('base64url'), timestamp: Math.floor(Date.now() / 1000), ...eventData },
  };
}
export const hardBounce = (recipient: string) => ({
  event: 'failed',
  severity: 'permanent',
  reason: 'bounce',
  recipient,
  message: { headers: { 'message-id': `${randomUUID()}@mg.demo.test` } },
  'delivery-status': { code: 550, message: '5.1.1 The email account that you tried to reach does not exist', description: '' },
});

export type MailgunSample = 'delivered' | 'failed-permanent' | 'failed-temporary' | 'complained';

/**
 * One of Mailgun's published event payloads (tests/fixtures/mailgun-events, with their source)
 * about our e-mail: to `recipient`, its Message-ID as Mailgun sends it (no angle brackets), a
 * fresh event id (Mailgun's id makes each report once) and the time now. Sign it with `mailgunEvent`.
 */
export function mailgunSample(kind: MailgunSample, recipient: string, messageId: string): Record<string, unknown> {
  const sample = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/mailgun-events', `${kind}.json`), 'utf8')) as {
    message: { headers: Record<string, string> };
  };
  return {
    ...sample,
    id: randomBytes(11).toString('base64url'),
    timestamp: Date.now() / 1000,
    recipient,
    message: { ...sample.message, headers: { ...sample.message.headers, to: recipient, 'message-id': messageId.replace(/^<|>$/g, '') } },
  };
}
