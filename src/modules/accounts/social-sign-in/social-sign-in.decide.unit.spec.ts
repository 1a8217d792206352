import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent, UserRegistered } from '../accounts.events';
import { SIGN_IN_BLOCKED } from '../sign-in/sign-in.decide';
import { decideLinkSocial, socialSignUpEvents } from './social-sign-in.decide';

const U = 'u1';
const registered = (via: UserRegistered['data']['via']): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId: U, email: 'ada@example.com', firstName: 'Ada', lastName: 'L', securityLevel: 5, siteId: 's1', officeId: null, cellPhone: null, via },
});
const given = (...events: AccountEvent[]): Account => fold({ initialState: initialAccount, evolve: evolveAccount }, events);
const google = { provider: 'google' as const, subject: 'g-123', emailVerified: true };
const linked: AccountEvent = { type: 'SocialIdentityLinked', data: { userId: U, provider: 'google', subject: 'g-123', emailVerified: true } };
const signedIn: AccountEvent = { type: 'UserSignedIn', data: { userId: U, method: 'google', timezone: null, timezoneName: null } };

describe('signing in with a provider (given / when / then)', () => {
  it('given an account made from an inquiry, when Google vouches for its address, then the link, the first proof of the address and the sign-in', () => {
    expect(decideLinkSocial(google, given(registered('inquiry')))).toEqual([linked, { type: 'EmailVerified', data: { userId: U, how: 'google' } }, signedIn]);
  });

  it('given an account whose address is proved, when Google links, then the link and the sign-in, no second proof', () => {
    expect(decideLinkSocial(google, given(registered('seed')))).toEqual([linked, signedIn]);
  });

  it('given any account, when the provider did not vouch for the address, then 409 Email already in use (whoever typed it may not own it)', () => {
    expect(() => decideLinkSocial({ ...google, emailVerified: false }, given(registered('inquiry')))).toThrow('Email already in use');
    expect(() => decideLinkSocial(google, initialAccount())).toThrow('Email already in use');
  });

  it('given a locked account, when Google links, then 403 with the reason', () => {
    const locked = given(registered('seed'), { type: 'SignInBlocked', data: { userId: U, cause: 'platform-lock' } });
    expect(() => decideLinkSocial(google, locked)).toThrow(SIGN_IN_BLOCKED['platform-lock']);
  });

  it('when someone signs up with Google, the address Google verified is proved; with Facebook, or an unverified Google address, it is not', () => {
    expect(socialSignUpEvents(U, google).map((e) => e.type)).toEqual(['EmailVerified', 'UserSignedIn']);
    expect(socialSignUpEvents(U, { provider: 'google', emailVerified: false }).map((e) => e.type)).toEqual(['UserSignedIn']);
    expect(socialSignUpEvents(U, { provider: 'facebook', emailVerified: true }).map((e) => e.type)).toEqual(['UserSignedIn']);
  });
});
