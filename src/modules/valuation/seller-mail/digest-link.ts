import { openToken, signToken, UUID_FIELD } from '../../../shared/signed-token';

/**
 * The signed addresses of a lead's homeowner digest of a month: v1.<leadId>.<YYYY-MM>.<pixel|click>.<mac>
 * under a key of its own (no other signed token passes for them). They only record an opening, so
 * they do not expire: an old digest opened late still counts, once.
 */
const LABEL = 'porchlight home digest links v1';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const SHAPE = [/^v1$/, UUID_FIELD, MONTH, /^(pixel|click)$/];

export type DigestLinkPurpose = 'pixel' | 'click';
export type DigestLink = { readonly leadId: string; readonly month: string; readonly how: DigestLinkPurpose };

export const digestPixelPath = (month: string) => `/api/home-digest/${month}/pixel.gif`;
export const digestClickPath = (month: string) => `/api/home-digest/${month}/open`;

export function signDigestLink(secret: Buffer, link: DigestLink): string {
  return signToken(secret, LABEL, ['v1', link.leadId, link.month, link.how]);
}

/** The link's lead when the token is good, for this month and purpose; else null. */
export function checkDigestLink(secret: Buffer, token: unknown, month: string, how: DigestLinkPurpose): string | null {
  if (typeof token !== 'string') return null;
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return null;
  const [, leadId, m, h] = opened.fields as [string, string, string, string];
  return m === month && h === how ? leadId : null;
}

/** The tracked link and image a digest carries, absolute under the site's address. */
export function digestLinks(secret: Buffer, baseUrl: string, leadId: string, month: string): { readonly click: string; readonly pixel: string } {
  const t = (how: DigestLinkPurpose) => encodeURIComponent(signDigestLink(secret, { leadId, month, how }));
  return { click: `${baseUrl}${digestClickPath(month)}?t=${t('click')}`, pixel: `${baseUrl}${digestPixelPath(month)}?t=${t('pixel')}` };
}
