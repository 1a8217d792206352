import { issuedField, openToken, SECONDS_FIELD, signToken, tokenAge, UUID_FIELD } from '../../../shared/signed-token';

/**
 * How long an alert e-mail's links work: long enough for a weekly digest read late, short enough
 * that an old e-mail stops being a key to the account.
 */
export const ALERT_LINK_DAYS = 14;
const LIFETIME_MS = ALERT_LINK_DAYS * 86_400_000;

/** 'open' may start a session; 'pixel' only records that the e-mail was seen (its address is fetched by image proxies). */
export type AlertLinkPurpose = 'open' | 'pixel';
// The key's label: a token of these links never passes for any other signed token.
const LABEL = 'porchlight alert links v1';
const SHAPE = [/^v1$/, /^(open|pixel)$/, UUID_FIELD, UUID_FIELD, SECONDS_FIELD];

export type AlertLinkClaims = {
  readonly purpose: AlertLinkPurpose;
  readonly alertId: string;
  readonly userId: string;
  readonly issuedAt: Date;
};

/** v1.<purpose>.<alertId>.<userId>.<issued, unix seconds>.<mac>: bound to one alert and one user. */
export function signAlertLinkToken(secret: Buffer, c: AlertLinkClaims): string {
  return signToken(secret, LABEL, ['v1', c.purpose, c.alertId, c.userId, issuedField(c.issuedAt)]);
}

export type AlertLinkCheck = ({ readonly ok: true } & AlertLinkClaims) | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

export function verifyAlertLinkToken(secret: Buffer, token: string, now: Date): AlertLinkCheck {
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return opened;
  const [, purpose, alertId, userId, issued] = opened.fields;
  const { issuedAt, fresh } = tokenAge(issued!, now, LIFETIME_MS);
  if (!fresh) return { ok: false, reason: 'expired' };
  return { ok: true, purpose: purpose as AlertLinkPurpose, alertId: alertId!, userId: userId!, issuedAt };
}
