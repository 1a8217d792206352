import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long an alert e-mail's links work: long enough for a weekly digest read late, short enough
 * that an old e-mail stops being a key to the account.
 */
export const ALERT_LINK_DAYS = 14;
const LIFETIME_MS = ALERT_LINK_DAYS * 86_400_000;

/** 'open' may start a session; 'pixel' only records that the e-mail was seen (its address is fetched by image proxies). */
export type AlertLinkPurpose = 'open' | 'pixel';
const PURPOSES: readonly string[] = ['open', 'pixel'] satisfies AlertLinkPurpose[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECONDS = /^[0-9]{1,12}$/;

// A key of its own for this purpose, derived from the server secret.
const purposeKey = (secret: Buffer) => createHmac('sha256', secret).update('porchlight alert links v1').digest();
const mac = (secret: Buffer, body: string) => createHmac('sha256', purposeKey(secret)).update(body).digest('base64url');

export type AlertLinkClaims = {
  readonly purpose: AlertLinkPurpose;
  readonly alertId: string;
  readonly userId: string;
  readonly issuedAt: Date;
};

/** v1.<purpose>.<alertId>.<userId>.<issued, unix seconds>.<mac>: bound to one alert and one user. */
export function signAlertLinkToken(secret: Buffer, c: AlertLinkClaims): string {
  const body = `v1.${c.purpose}.${c.alertId}.${c.userId}.${Math.floor(c.issuedAt.getTime() / 1000)}`;
  return `${body}.${mac(secret, body)}`;
}

export type AlertLinkCheck = ({ readonly ok: true } & AlertLinkClaims) | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

export function verifyAlertLinkToken(secret: Buffer, token: string, now: Date): AlertLinkCheck {
  const parts = token.length <= 300 ? token.split('.') : [];
  const [version, purpose, alertId, userId, issued, given] = parts;
  if (parts.length !== 6 || version !== 'v1' || !PURPOSES.includes(purpose!) || !UUID.test(alertId!) || !UUID.test(userId!) || !SECONDS.test(issued!)) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = Buffer.from(mac(secret, parts.slice(0, 5).join('.')));
  const got = Buffer.from(given!);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { ok: false, reason: 'forged' };
  const issuedAt = new Date(Number(issued) * 1000);
  const age = now.getTime() - issuedAt.getTime();
  // A token from the future is as wrong as an old one (a clock moved, or a forgery with the key).
  if (age > LIFETIME_MS || age < -60_000) return { ok: false, reason: 'expired' };
  return { ok: true, purpose: purpose as AlertLinkPurpose, alertId: alertId!, userId: userId!, issuedAt };
}
