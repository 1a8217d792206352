import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex>`: the HMAC-SHA256 of the raw body as sent, keyed by
 * the app secret, compared in constant time. Anything else (missing, another algorithm, not
 * hex, another length) is false.
 */
export function hubSignatureValid(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(value?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(m[1]!, 'hex'));
}

/** The header Meta would send for this body (for tests and stand-ins). */
export const hubSignatureOf = (appSecret: string, rawBody: Buffer | string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
