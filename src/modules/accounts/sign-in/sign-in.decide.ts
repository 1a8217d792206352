import type { Decider } from '../../../commands/decider';
import { forbidden, unauthorized } from '../../../shared/errors';
import { type Account, evolveAccount, type ExistingAccount, initialAccount } from '../account';
import type { AccountEvent, EmailVerifiedHow, SignInBlockCause, SignInMethod } from '../accounts.events';

export type SignIn = {
  readonly userId: string;
  readonly method: SignInMethod;
  readonly timezone: number | null;
  readonly timezoneName: string | null;
  /** Set when this sign-in itself proves the account's address (a verified Google address, an alert link). */
  readonly verifiedBy?: EmailVerifiedHow;
};

/** A provider gives no time zone: the account keeps the one it has. */
export const NO_TIMEZONE = { timezone: null, timezoneName: null } as const;

export const signedIn = (c: SignIn): AccountEvent => ({
  type: 'UserSignedIn',
  data: { userId: c.userId, method: c.method, timezone: c.timezone, timezoneName: c.timezoneName },
});

export const SIGN_IN_BLOCKED: Readonly<Record<SignInBlockCause, string>> = {
  offboarding: 'This account has been closed. Please contact support if you need it again.',
  'platform-lock': 'This account is locked. Please contact support to sign in again.',
};

/** Why the account may not sign in now, or null. Offboarding first: it outlasts an unlock. */
export function signInRefusal(account: ExistingAccount): string | null {
  if (account.signInBlockedBy.includes('offboarding')) return SIGN_IN_BLOCKED.offboarding;
  if (account.signInBlockedBy.includes('platform-lock')) return SIGN_IN_BLOCKED['platform-lock'];
  return null;
}

/** 403 with the reason while the back-office keeps the account out (every way in: password, social, links, become). */
export function refuseBlockedSignIn(account: ExistingAccount): void {
  const refusal = signInRefusal(account);
  if (refusal) throw forbidden(refusal);
}

/** EmailVerified the first time the owner proves the address; nothing on an account already verified. */
export const firstVerification = (account: ExistingAccount, how: EmailVerifiedHow | undefined): AccountEvent[] =>
  how && !account.emailVerified ? [{ type: 'EmailVerified', data: { userId: account.userId, how } }] : [];

/** The credential was checked by the handler (argon2 or a provider); this records the sign-in. */
export const signInDecider: Decider<Account, SignIn, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: (c, state) => {
    if (!state.exists) throw unauthorized('Invalid Login');
    refuseBlockedSignIn(state);
    return [...firstVerification(state, c.verifiedBy), signedIn(c)];
  },
};

export const signOutDecider: Decider<Account, { readonly userId: string }, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: (c, state) => (state.exists ? [{ type: 'UserSignedOut', data: { userId: c.userId } }] : []),
};

/** The back-office's lock, unlock or offboarding, as the accounts context records it. */
export type ChangeSignInAccess = { readonly userId: string; readonly cause: SignInBlockCause; readonly blocked: boolean };

/** Only a change becomes an event: blocking a blocked account, or unblocking an open one, appends nothing. */
export function decideSignInAccess(c: ChangeSignInAccess, state: Account): AccountEvent[] {
  if (!state.exists || state.signInBlockedBy.includes(c.cause) === c.blocked) return [];
  return [{ type: c.blocked ? 'SignInBlocked' : 'SignInUnblocked', data: { userId: c.userId, cause: c.cause } }];
}
