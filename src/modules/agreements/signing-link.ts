import { issuedField, openToken, SECONDS_FIELD, signToken, tokenAge, UUID_FIELD } from '../../shared/signed-token';

/**
 * The link e-mailed to the lead to sign one agreement: v1.<leadId>.<agreementId>.<linkId>.<issued,
 * unix seconds>.<mac> under a key of its own. One use: once signed, the agreement refuses another
 * signature; sending again makes a new link id, and an older link then signs nothing. Good for
 * SIGNING_LINK_DAYS.
 */
export const SIGNING_LINK_DAYS = 14;
const LABEL = 'porchlight buyer agreement signing v1';
const SHAPE = [/^v1$/, UUID_FIELD, UUID_FIELD, UUID_FIELD, SECONDS_FIELD];

/** The browser page the e-mail links to (the web app's; it asks the API what the token is for). */
export const SIGNING_PAGE = '/agreements/sign';

export type SigningLinkFor = { readonly leadId: string; readonly agreementId: string; readonly linkId: string };

export function signSigningLink(secret: Buffer, link: SigningLinkFor, issuedAt: Date): string {
  return signToken(secret, LABEL, ['v1', link.leadId, link.agreementId, link.linkId, issuedField(issuedAt)]);
}

export type OpenedSigningLink = ({ readonly ok: true } & SigningLinkFor) | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

export function openSigningLink(secret: Buffer, token: unknown, now: Date): OpenedSigningLink {
  if (typeof token !== 'string') return { ok: false, reason: 'malformed' };
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return opened;
  const [, leadId, agreementId, linkId, issued] = opened.fields;
  if (!tokenAge(issued!, now, SIGNING_LINK_DAYS * 86_400_000).fresh) return { ok: false, reason: 'expired' };
  return { ok: true, leadId: leadId!, agreementId: agreementId!, linkId: linkId! };
}
