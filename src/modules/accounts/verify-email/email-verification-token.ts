import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a verification link works. */
export const VERIFY_LINK_HOURS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A key of its own for this purpose, derived from the server secret.
const purposeKey = (secret: Buffer) => createHmac('sha256', secret).update('porchlight e-mail verification v1').digest();
// The address is signed but not carried: a link proves only the address it was sent to.
const mac = (secret: Buffer, body: string, email: string) => createHmac('sha256', purposeKey(secret)).update(`${body}\0${email}`).digest('base64url');

/**
 * The token of an e-mail verification link: ev1.<userId>.<issued>.<mac> (issued in seconds since
 * the epoch), signed with the server secret together with the address it was mailed to.
 */
export function signEmailVerificationToken(secret: Buffer, userId: string, email: string, now: Date): string {
  const body = `ev1.${userId}.${Math.floor(now.getTime() / 1000)}`;
  return `${body}.${mac(secret, body, email)}`;
}

/** The user the token names, before its signature can be checked against their address; null when it is not a token at all. */
export function verificationTokenUser(token: string): string | null {
  const parts = token.split('.');
  return parts.length === 4 && parts[0] === 'ev1' && UUID.test(parts[1]!) && /^\d{1,12}$/.test(parts[2]!) ? parts[1]! : null;
}

/** True when the token was signed for this user and address and is less than VERIFY_LINK_HOURS old. */
export function isValidEmailVerificationToken(secret: Buffer, token: string, userId: string, email: string, now: Date): boolean {
  if (verificationTokenUser(token) !== userId) return false;
  const parts = token.split('.');
  const expected = Buffer.from(mac(secret, parts.slice(0, 3).join('.'), email));
  const given = Buffer.from(parts[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const age = now.getTime() - Number(parts[2]) * 1000;
  return age >= -60_000 && age < VERIFY_LINK_HOURS * 3_600_000;
}
