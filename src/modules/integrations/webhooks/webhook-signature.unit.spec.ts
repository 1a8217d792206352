import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookSignature } from './webhook-signature';

describe('Porchlight-Signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> under the secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const body = '{"id":"e1","type":"lead.created"}';
    const header = webhookSignature(secret, body, 1_700_000_000);
    expect(header).toBe(`t=1700000000,v1=${createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')}`);
    expect(webhookSignature(secret, `${body} `, 1_700_000_000)).not.toBe(header);
    expect(webhookSignature(newWebhookSecret(), body, 1_700_000_000)).not.toBe(header);
  });
});
