import { issuedField, openToken, SECONDS_FIELD, signToken, tokenAge, UUID_FIELD } from '../../../shared/signed-token';

/** How long a mailed erasure link works: enough to read the mail, short enough to be no standing key. */
export const ERASURE_LINK_MINUTES = 60;
// The key's label: a token of these links never passes for any other signed token.
const LABEL = 'porchlight erasure links v1';
const SHAPE = [/^v1$/, UUID_FIELD, UUID_FIELD, SECONDS_FIELD];

export type ErasureLinkClaims = { readonly requestId: string; readonly userId: string; readonly issuedAt: Date };

/** v1.<requestId>.<userId>.<issued, unix seconds>.<mac>: bound to one request of one account. */
export function signErasureLinkToken(secret: Buffer, c: ErasureLinkClaims): string {
  return signToken(secret, LABEL, ['v1', c.requestId, c.userId, issuedField(c.issuedAt)]);
}

export function verifyErasureLinkToken(secret: Buffer, token: string, now: Date): ({ readonly ok: true } & ErasureLinkClaims) | { readonly ok: false } {
  const opened = openToken(secret, LABEL, token, SHAPE);
  if (!opened.ok) return { ok: false };
  const [, requestId, userId, issued] = opened.fields;
  const { issuedAt, fresh } = tokenAge(issued!, now, ERASURE_LINK_MINUTES * 60_000);
  return fresh ? { ok: true, requestId: requestId!, userId: userId!, issuedAt } : { ok: false };
}
