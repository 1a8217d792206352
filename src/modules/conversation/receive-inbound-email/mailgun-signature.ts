import { createHmac, timingSafeEqual } from 'node:crypto';

/** Mailgun signs a post at most this long before we see it; older (or as far ahead) is refused. */
export const MAILGUN_MAX_AGE_SECONDS = 15 * 60;

export type MailgunSignature = { readonly timestamp: unknown; readonly token: unknown; readonly signature: unknown };
export type SignatureCheck = 'ok' | 'unsigned' | 'forged' | 'stale';

/** What Mailgun sends: the hex HMAC-SHA256 of timestamp + token under the webhook signing key. */
export const mailgunSignature = (signingKey: string, timestamp: string, token: string): string =>
  createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');

/**
 * Verified as Mailgun documents: the signature recomputed and compared in constant time, then
 * the timestamp within 15 minutes of our clock. (A token seen before is the caller's check: it
 * needs storage.)
 */
export function checkMailgunSignature(signingKey: string, s: MailgunSignature, now: Date): SignatureCheck {
  const { timestamp, token, signature } = s;
  if (typeof timestamp !== 'string' || typeof token !== 'string' || typeof signature !== 'string' || !timestamp || !token || !signature) return 'unsigned';
  if (!/^\d{1,12}$/.test(timestamp) || token.length > 200 || !/^[0-9a-f]{64}$/i.test(signature)) return 'forged';
  const expected = Buffer.from(mailgunSignature(signingKey, timestamp, token));
  if (!timingSafeEqual(Buffer.from(signature.toLowerCase()), expected)) return 'forged';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAILGUN_MAX_AGE_SECONDS) return 'stale';
  return 'ok';
}
