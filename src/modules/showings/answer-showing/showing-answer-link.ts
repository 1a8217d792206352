import { issuedField, openToken, SECONDS_FIELD, signToken, tokenAge, UUID_FIELD } from '../../../shared/signed-token';

/**
 * The link in the e-mail proposing a time: it accepts that time of that showing, once. Tokens:
 * v1.<showingId>.<sequence>.<issued, unix seconds>.<mac> under a key of their own. The sequence is
 * the version of the time the e-mail named: once the office moves it again, the old link accepts
 * nothing (the decider answers that the time changed); once accepted, the showing is confirmed and
 * the link accepts nothing more. Good for PROPOSAL_LINK_DAYS.
 */
export const PROPOSAL_LINK_DAYS = 30;
const LABEL = 'porchlight showing proposal accept v1';
const SHAPE = [/^v1$/, UUID_FIELD, /^[0-9]{1,6}$/, SECONDS_FIELD];

/** The browser page the e-mail links to (the web app's; it asks the API what the token is for). */
export const PROPOSAL_PAGE = '/showings/answer';

export function signProposalLink(secret: Buffer, showingId: string, sequence: number, issuedAt: Date): string {
  return signToken(secret, LABEL, ['v1', showingId, String(sequence), issuedField(issuedAt)]);
}

export type ProposalLink =
  { readonly ok: true; readonly showingId: string; readonly sequence: number } | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

export function openProposalLink(secret: Buffer, token: unknown, now: Date): ProposalLink {
  if (typeof token !== 'string') return { ok: false, reason: 'malformed' };
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return opened;
  const [, showingId, sequence, issued] = opened.fields;
  if (!tokenAge(issued!, now, PROPOSAL_LINK_DAYS * 86_400_000).fresh) return { ok: false, reason: 'expired' };
  return { ok: true, showingId: showingId!, sequence: Number(sequence) };
}
