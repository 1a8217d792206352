import type { Decider } from '../../../commands/decider';
import { unauthorized } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent, SignInMethod } from '../accounts.events';

export type SignIn = {
  readonly userId: string;
  readonly method: SignInMethod;
  readonly timezone: number | null;
  readonly timezoneName: string | null;
};

export const signedIn = (c: SignIn): AccountEvent => ({
  type: 'UserSignedIn',
  data: { userId: c.userId, method: c.method, timezone: c.timezone, timezoneName: c.timezoneName },
});

/** The credential was checked by the handler (argon2 or a provider); this records the sign-in. */
export const signInDecider: Decider<Account, SignIn, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: (c, state) => {
    if (!state.exists) throw unauthorized('Invalid Login');
    return [signedIn(c)];
  },
};

export const signOutDecider: Decider<Account, { readonly userId: string }, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: (c, state) => (state.exists ? [{ type: 'UserSignedOut', data: { userId: c.userId } }] : []),
};
