import { createHmac, timingSafeEqual } from 'node:crypto';

const LEAD_HEX = /^[0-9a-f]{32}$/;
const TOKEN = /^([0-9a-f]{32})([0-9a-f]{24})$/;

// A key of its own for this purpose, derived from the server secret (like the communication links').
const purposeKey = (secret: Buffer) => createHmac('sha256', secret).update('porchlight reply address v1').digest();
const mac = (secret: Buffer, leadHex: string) => createHmac('sha256', purposeKey(secret)).update(leadHex).digest('hex').slice(0, 24);

/**
 * A thread's reply token: the lead id (32 hex digits) and a 96-bit HMAC of it under the server
 * secret, lower-case hex so that mail systems that fold the case of an address keep it intact.
 * Nobody can make one for another lead, and checking one needs no lookup. 56 characters, so
 * `reply+{token}` stays within the 64 an address's local part may have.
 */
export function signReplyToken(secret: Buffer, leadId: string): string {
  const hex = leadId.replace(/-/g, '').toLowerCase();
  if (!LEAD_HEX.test(hex)) throw new Error('A reply token is made for a lead id');
  return `${hex}${mac(secret, hex)}`;
}

/** The lead id a token names, or null for anything we did not sign (constant-time compare). */
export function verifyReplyToken(secret: Buffer, token: string): string | null {
  const m = TOKEN.exec(token.toLowerCase());
  if (!m) return null;
  const expected = Buffer.from(mac(secret, m[1]!));
  const given = Buffer.from(m[2]!);
  if (!timingSafeEqual(given, expected)) return null;
  const h = m[1]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The thread's reply address: reply+{token}@{INBOUND_EMAIL_DOMAIN}. */
export const replyAddress = (secret: Buffer, leadId: string, domain: string): string => `reply+${signReplyToken(secret, leadId)}@${domain}`;

/**
 * The token of the first reply address among the recipients (Mailgun's `recipient` may list
 * several, separated by commas), on our inbound domain only; null when there is none.
 */
export function replyTokenOf(recipients: string, domain: string): string | null {
  for (const raw of recipients.split(',')) {
    const address = (/<([^>]+)>/.exec(raw)?.[1] ?? raw).trim().toLowerCase();
    const m = /^reply\+([^@\s]+)@([^@\s]+)$/.exec(address);
    if (m && m[2] === domain.toLowerCase()) return m[1]!;
  }
  return null;
}
