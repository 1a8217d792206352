import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent } from '../accounts.events';
import { firstVerification } from '../sign-in/sign-in.decide';

export const RESET_VALID_MINUTES = 60;
/** More requests than this in an hour send nothing more (no mail bombing through the form). */
export const RESETS_PER_HOUR = 3;
export const INVALID_RESET = 'This password reset link is invalid or has expired';

export type RequestPasswordReset = { readonly userId: string; readonly tokenHash: string; readonly now: Date };

export function decideRequestPasswordReset(c: RequestPasswordReset, state: Account): AccountEvent[] {
  if (!state.exists) return [];
  const hourAgo = c.now.getTime() - 3_600_000;
  if (state.resets.filter((r) => Date.parse(r.requestedAt) > hourAgo).length >= RESETS_PER_HOUR) return [];
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId: c.userId,
        tokenHash: c.tokenHash,
        requestedAt: c.now.toISOString(),
        expiresAt: new Date(c.now.getTime() + RESET_VALID_MINUTES * 60_000).toISOString(),
      },
    },
  ];
}

export type ChangePassword =
  | { readonly how: 'reset'; readonly userId: string; readonly tokenHash: string; readonly passwordHash: string; readonly now: Date }
  | { readonly how: 'change'; readonly userId: string; readonly verifiedHash: string; readonly passwordHash: string };

/**
 * A reset needs an unused, unexpired request with this token (any password change voids every
 * earlier request: the link works once). A change needs the hash the handler verified the
 * current password against to still be the account's.
 */
export function decideChangePassword(c: ChangePassword, state: Account): AccountEvent[] {
  if (!state.exists) throw validation(INVALID_RESET);
  const changed: AccountEvent = { type: 'PasswordChanged', data: { userId: c.userId, passwordHash: c.passwordHash, how: c.how } };
  if (c.how === 'reset') {
    const ok = state.resets.some((r) => r.tokenHash === c.tokenHash && Date.parse(r.expiresAt) > c.now.getTime());
    if (!ok) throw validation(INVALID_RESET);
    // The link went to the account's address: using it proves the address (the handler ends every session).
    return [...firstVerification(state, 'password-reset'), changed];
  }
  if (state.passwordHash !== c.verifiedHash) throw validation('Your current password is not correct');
  return [changed];
}

export const requestResetDecider: Decider<Account, RequestPasswordReset, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideRequestPasswordReset,
};

export const changePasswordDecider: Decider<Account, ChangePassword, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideChangePassword,
};
