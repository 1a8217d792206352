import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent, UserRegistered } from '../accounts.events';
import { decideChangePassword, decideRequestPasswordReset, INVALID_RESET, RESET_VALID_MINUTES, RESETS_PER_HOUR } from './password-reset.decide';

const U = 'u1';
const now = new Date('2026-03-01T10:00:00.000Z');
const registered = (via: UserRegistered['data']['via']): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId: U, email: 'ada@example.com', firstName: 'Ada', lastName: 'L', securityLevel: 5, siteId: 's1', officeId: null, cellPhone: null, via },
});
const passwordSet: AccountEvent = { type: 'PasswordSet', data: { userId: U, passwordHash: 'old' } };
const requested = (tokenHash: string, at = now): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: { userId: U, tokenHash, requestedAt: at.toISOString(), expiresAt: new Date(at.getTime() + RESET_VALID_MINUTES * 60_000).toISOString() },
});
const given = (...events: AccountEvent[]): Account => fold({ initialState: initialAccount, evolve: evolveAccount }, events);
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('asking for a password reset (given / when / then)', () => {
  it('given an account, when a reset is asked for, then PasswordResetRequested valid for 60 minutes', () => {
    expect(decideRequestPasswordReset({ userId: U, tokenHash: 'h1', now }, given(registered('seed')))).toEqual([requested('h1')]);
  });

  it('given no account, when a reset is asked for, then nothing (the form answers the same either way)', () => {
    expect(decideRequestPasswordReset({ userId: U, tokenHash: 'h1', now }, initialAccount())).toEqual([]);
  });

  it(`given ${RESETS_PER_HOUR} requests in the last hour, when another is asked for, then nothing; an hour later, then one`, () => {
    const state = given(registered('seed'), requested('h1', minutes(-50)), requested('h2', minutes(-30)), requested('h3', minutes(-1)));
    expect(decideRequestPasswordReset({ userId: U, tokenHash: 'h4', now }, state)).toEqual([]);
    expect(decideRequestPasswordReset({ userId: U, tokenHash: 'h4', now: minutes(11) }, state)).toEqual([requested('h4', minutes(11))]);
  });
});

describe('changing the password (given / when / then)', () => {
  const reset = (tokenHash: string, at = minutes(5)) => ({ how: 'reset' as const, userId: U, tokenHash, passwordHash: 'new', now: at });
  const changed = (how: 'reset' | 'change'): AccountEvent => ({ type: 'PasswordChanged', data: { userId: U, passwordHash: 'new', how } });

  it('given a request, when its link is used in time, then PasswordChanged (reset), the address already proved', () => {
    expect(decideChangePassword(reset('h1'), given(registered('seed'), requested('h1')))).toEqual([changed('reset')]);
  });

  it("given an inquiry's account and a request, when its link is used, then the address is proved first (EmailVerified), then PasswordChanged", () => {
    expect(decideChangePassword(reset('h1'), given(registered('inquiry'), requested('h1')))).toEqual([
      { type: 'EmailVerified', data: { userId: U, how: 'password-reset' } },
      changed('reset'),
    ]);
  });

  it('given a request, when another token, an expired link or a used one is presented, then the invalid-link message', () => {
    const state = given(registered('seed'), requested('h1'));
    expect(() => decideChangePassword(reset('other'), state)).toThrow(INVALID_RESET);
    expect(() => decideChangePassword(reset('h1', minutes(RESET_VALID_MINUTES + 1)), state)).toThrow(INVALID_RESET);
    expect(() => decideChangePassword(reset('h1'), given(registered('seed'), requested('h1'), changed('reset')))).toThrow(INVALID_RESET);
    expect(() => decideChangePassword(reset('h1'), initialAccount())).toThrow(INVALID_RESET);
  });

  it('given a password, when the signed-in change names the hash the handler checked, then PasswordChanged (change); a stale one is refused', () => {
    const state = given(registered('seed'), passwordSet);
    expect(decideChangePassword({ how: 'change', userId: U, verifiedHash: 'old', passwordHash: 'new' }, state)).toEqual([changed('change')]);
    expect(() => decideChangePassword({ how: 'change', userId: U, verifiedHash: 'older', passwordHash: 'new' }, state)).toThrow(
      'Your current password is not correct',
    );
  });
});
