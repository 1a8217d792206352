import { openToken, signToken, UUID_FIELD } from '../../../shared/signed-token';

/**
 * The signed addresses of a lead's homeowner digest of a month: v1.<leadId>.<YYYY-MM>.<pixel|click|cma>.<mac>
 * under a key of its own (no other signed token passes for them). `pixel` and `click` only record
 * an opening; `cma` (given by the click's redirect) lets the page it lands on ask for a CMA, once
 * a month. None expires: an old digest opened late still counts, once.
 */
const LABEL = 'porchlight home digest links v1';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const SHAPE = [/^v1$/, UUID_FIELD, MONTH, /^(pixel|click|cma)$/];

export type DigestLinkPurpose = 'pixel' | 'click' | 'cma';
export type DigestLink = { readonly leadId: string; readonly month: string; readonly how: DigestLinkPurpose };

export const digestPixelPath = (month: string) => `/api/home-digest/${month}/pixel.gif`;
export const digestClickPath = (month: string) => `/api/home-digest/${month}/open`;
/** The web app's page where the lead confirms the CMA request in one click. */
export const cmaRequestPagePath = (token: string) => `/ask-cma?t=${encodeURIComponent(token)}`;

export function signDigestLink(secret: Buffer, link: DigestLink): string {
  return signToken(secret, LABEL, ['v1', link.leadId, link.month, link.how]);
}

/** The link's lead when the token is good, for this month and purpose; else null. */
export function checkDigestLink(secret: Buffer, token: unknown, month: string, how: DigestLinkPurpose): string | null {
  const link = openDigestLink(secret, token, how);
  return link && link.month === month ? link.leadId : null;
}

/** The link's lead and month when the token is good for this purpose (whatever its month); else null. */
export function openDigestLink(secret: Buffer, token: unknown, how: DigestLinkPurpose): DigestLink | null {
  if (typeof token !== 'string') return null;
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return null;
  const [, leadId, month, h] = opened.fields as [string, string, string, string];
  return h === how ? { leadId, month, how } : null;
}

/** The tracked link and image a digest carries, absolute under the site's address. */
export function digestLinks(secret: Buffer, baseUrl: string, leadId: string, month: string): { readonly click: string; readonly pixel: string } {
  const t = (how: DigestLinkPurpose) => encodeURIComponent(signDigestLink(secret, { leadId, month, how }));
  return { click: `${baseUrl}${digestClickPath(month)}?t=${t('click')}`, pixel: `${baseUrl}${digestPixelPath(month)}?t=${t('pixel')}` };
}
