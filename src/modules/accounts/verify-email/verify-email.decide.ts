import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent } from '../accounts.events';

export const INVALID_VERIFY_LINK = 'This confirmation link is invalid or has expired; please ask for a new one';

export type VerifyEmail = { readonly userId: string; readonly email: string };

/** The link proves the address it was mailed to: still the account's, and verified once (a second use appends nothing). */
export function decideVerifyEmail(c: VerifyEmail, state: Account): AccountEvent[] {
  if (!state.exists || state.email !== c.email) throw validation(INVALID_VERIFY_LINK);
  if (state.emailVerified) return [];
  return [{ type: 'EmailVerified', data: { userId: c.userId, how: 'verification-link', email: c.email } }];
}

export const verifyEmailDecider: Decider<Account, VerifyEmail, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideVerifyEmail,
};
