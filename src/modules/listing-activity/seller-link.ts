import { issuedField, openToken, SECONDS_FIELD, signToken } from '../../shared/signed-token';

/**
 * The signed link to a listing's activity sent to its seller: v1.<pdid, base64url>.<expires, unix
 * seconds>.<mac> under a key of its own (no other signed token passes for it). The pdid is encoded
 * because a pdid may hold the dots that separate the fields.
 */
export const SELLER_LINK_DAYS = 30;
const LABEL = 'porchlight listing activity links v1';
const SHAPE = [/^v1$/, /^[A-Za-z0-9_-]{1,140}$/, SECONDS_FIELD];

export type SellerLink = { readonly pdid: string; readonly expiresAt: Date };
export type SellerLinkCheck = { readonly ok: true; readonly link: SellerLink } | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

/** The public page (the web app's /listing-report) that reads the token from its query. */
export const sellerReportPath = (token: string) => `/listing-report?t=${encodeURIComponent(token)}`;

export function signSellerLink(secret: Buffer, link: SellerLink): string {
  return signToken(secret, LABEL, ['v1', Buffer.from(link.pdid, 'utf8').toString('base64url'), issuedField(link.expiresAt)]);
}

export function checkSellerLink(secret: Buffer, token: unknown, now: Date): SellerLinkCheck {
  if (typeof token !== 'string') return { ok: false, reason: 'malformed' };
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return opened;
  const [, pdid, expires] = opened.fields as [string, string, string];
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, link: { pdid: Buffer.from(pdid, 'base64url').toString('utf8'), expiresAt } };
}
