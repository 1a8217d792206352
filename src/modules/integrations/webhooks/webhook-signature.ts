import { createHmac, randomBytes } from 'node:crypto';
import { SealedBox } from '../../../shared/sealed-box';

/** Webhooks' signing secrets at rest: sealed under a key of their own derived from the server secret (SECRET_KEY or DATA_DIR/secret-key). */
export class WebhookSecrets extends SealedBox {
  constructor(serverSecret: Buffer) {
    super(serverSecret, 'webhook signing secrets v1');
  }
}

/** A webhook's signing secret: 256 random bits, `whsec_` and hex, so that a leaked one is recognisable in a scan. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('hex')}`;

/**
 * The `Porchlight-Signature` header (contract section 12): `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<raw body>">` keyed by the webhook's secret. The time is signed with the body so that a
 * receiver can refuse an old delivery replayed at it.
 */
export function webhookSignature(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
