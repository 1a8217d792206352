import { issuedField, openToken, SECONDS_FIELD, signToken, UUID_FIELD } from '../../../shared/signed-token';

/**
 * The signed link to a CMA sent to a lead: v1.<leadId>.<sendId>.<version>.<expires, unix seconds>.<mac>
 * under a key of its own (no other signed token passes for it). It opens the version sent, read-only,
 * until it expires.
 */
export const CMA_LINK_DAYS = 30;
const LABEL = 'porchlight cma links v1';
const SHAPE = [/^v1$/, UUID_FIELD, UUID_FIELD, /^[0-9]{1,6}$/, SECONDS_FIELD];

export type CmaLink = { readonly leadId: string; readonly sendId: string; readonly version: number; readonly expiresAt: Date };
export type CmaLinkCheck = { readonly ok: true; readonly link: CmaLink } | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

/** The public page (the web app's /cma) that reads the token from its query. */
export const cmaPagePath = (token: string) => `/cma?t=${encodeURIComponent(token)}`;

export function signCmaLink(secret: Buffer, link: CmaLink): string {
  return signToken(secret, LABEL, ['v1', link.leadId, link.sendId, String(link.version), issuedField(link.expiresAt)]);
}

export function checkCmaLink(secret: Buffer, token: unknown, now: Date): CmaLinkCheck {
  if (typeof token !== 'string') return { ok: false, reason: 'malformed' };
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return opened;
  const [, leadId, sendId, version, expires] = opened.fields as [string, string, string, string, string];
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, link: { leadId, sendId, version: Number(version), expiresAt } };
}
