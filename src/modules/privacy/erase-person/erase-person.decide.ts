import { conflict, forbidden, notFound } from '../../../shared/errors';
import { type Account, type AccountEvent, decideSignInAccess, LEVEL } from '../../accounts';
import { requireReason } from '../../backoffice';
import type { SealedItemCounts } from '../../../eventstore/personal-data/sealed-items';
import type { ErasureHow, PrivacyEvent } from '../privacy.events';

export type Erasure = { readonly erased: boolean };
export const initialErasure = (): Erasure => ({ erased: false });
export const evolveErasure = (state: Erasure, event: PrivacyEvent): Erasure => (event.type === 'PersonErased' ? { erased: true } : state);

export type ErasePerson = {
  readonly userId: string;
  readonly leadIds: readonly string[];
  readonly byUserId: string | null;
  readonly how: ErasureHow;
  readonly reason: string;
  /** Listing reports and intake items of the person's addresses, erased with them. */
  readonly sealedItems?: SealedItemCounts;
};

export const NO_SUCH_ACCOUNT = 'No such account';
export const ALREADY_ERASED = 'This account is already erased';
export const STAFF_NOT_ERASED = 'A staff account cannot be erased';

/**
 * Erasing an account: once, an existing account, never staff's (their actions are the audit
 * trail); staff say why (the person's request), the person and retention say what they are. The
 * account is closed to sign-in in the same append (the "closed" message of an offboarding).
 */
export function decideErasePerson(c: ErasePerson, account: Account, erasure: Erasure): { privacy: PrivacyEvent[]; account: AccountEvent[] } {
  if (!account.exists) throw notFound(NO_SUCH_ACCOUNT);
  if (erasure.erased) throw conflict(ALREADY_ERASED);
  if (account.securityLevel >= LEVEL.staff) throw forbidden(STAFF_NOT_ERASED);
  const reason = c.how === 'request' ? requireReason(c.reason) : c.how === 'self' ? 'Erased by the person from their account' : c.reason;
  return {
    privacy: [{ type: 'PersonErased', data: { userId: c.userId, leadIds: [...c.leadIds], byUserId: c.byUserId, how: c.how, reason, ...c.sealedItems } }],
    account: decideSignInAccess({ userId: c.userId, cause: 'offboarding', blocked: true }, account),
  };
}
