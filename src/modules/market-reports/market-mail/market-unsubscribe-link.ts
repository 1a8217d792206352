import { openToken, signToken, UUID_FIELD } from '../../../shared/signed-token';

/**
 * The signed link in the monthly market e-mail that stops areas of one lead's report (one area
 * per link in its body; the one-click List-Unsubscribe names the e-mail's areas):
 * v1.<leadId>.<slugs, comma-joined, base64url>.<mac> under a key of its own. It does not expire:
 * an old e-mail's unsubscribe must still work.
 */
const LABEL = 'porchlight market report unsubscribe v1';
const SHAPE = [/^v1$/, UUID_FIELD, /^[A-Za-z0-9_-]{1,400}$/];

export type MarketUnsubscribe = { readonly leadId: string; readonly slugs: readonly string[] };

export function signMarketUnsubscribe(secret: Buffer, u: MarketUnsubscribe): string {
  return signToken(secret, LABEL, ['v1', u.leadId, Buffer.from(u.slugs.join(','), 'utf8').toString('base64url')]);
}

export function openMarketUnsubscribe(secret: Buffer, token: unknown): MarketUnsubscribe | null {
  if (typeof token !== 'string') return null;
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return null;
  const [, leadId, slugs] = opened.fields as [string, string, string];
  return { leadId, slugs: Buffer.from(slugs, 'base64url').toString('utf8').split(',').filter(Boolean) };
}

/** The page the e-mail's per-area link opens (the web app's /market-unsubscribe), and the one-click address. */
export const marketUnsubscribePath = (token: string) => `/market-unsubscribe?t=${encodeURIComponent(token)}`;
export const marketOneClickPath = (token: string) => `/api/market-reports/unsubscribe?t=${encodeURIComponent(token)}`;

export type MarketStopLinks = {
  /** The page that stops one area. */
  readonly area: (slug: string) => string;
  /** RFC 8058 headers whose one-click address stops the e-mail's areas, and nothing else. */
  readonly headers: { readonly 'List-Unsubscribe': string; readonly 'List-Unsubscribe-Post': string };
};

/** The stop links of one lead's monthly e-mail holding `slugs`. */
export function marketStopLinks(secret: Buffer, baseUrl: string, leadId: string, slugs: readonly string[]): MarketStopLinks {
  const oneClick = `${baseUrl}${marketOneClickPath(signMarketUnsubscribe(secret, { leadId, slugs }))}`;
  return {
    area: (slug) => `${baseUrl}${marketUnsubscribePath(signMarketUnsubscribe(secret, { leadId, slugs: [slug] }))}`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
