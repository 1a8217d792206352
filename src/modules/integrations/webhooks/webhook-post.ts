import type { Outbound } from '../../../shared/net/outbound';
import { webhookSignature } from './webhook-signature';

/** A receiver that has not answered in this time has failed this try. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT = 200;

export type WebhookPayload = { readonly id: string; readonly type: string; readonly occurredAt: string; readonly position: number; readonly data: unknown };
export type WebhookAnswer = { readonly status: number; readonly excerpt: string };

async function excerptOf(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT * 4) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, EXCERPT);
}

/**
 * POSTs one event to a webhook's URL, signed at `now`: the JSON `{id, type, occurredAt,
 * position, data}` with `Porchlight-Event-Id` and `Porchlight-Signature`. Answers the status and
 * the start of the body (kept as the delivery's last answer); a connection that fails or times
 * out rejects. What a private address answered is not kept (the outbound policy refused it anyway).
 */
export async function postWebhook(outbound: Outbound, url: string, secret: string, payload: WebhookPayload, now: Date): Promise<WebhookAnswer> {
  const body = JSON.stringify(payload);
  const res = await outbound.fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Porchlight-Webhooks/1',
      'porchlight-event-id': payload.id,
      'porchlight-signature': webhookSignature(secret, body, Math.floor(now.getTime() / 1000)),
    },
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  if (res.mayShowAnswer) return { status: res.status, excerpt: await excerptOf(res) };
  await res.body?.cancel().catch(() => undefined);
  return { status: res.status, excerpt: '' };
}
