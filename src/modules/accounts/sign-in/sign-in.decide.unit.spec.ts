import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent, UserRegistered } from '../accounts.events';
import { decideStartImpersonation, BECOME_MESSAGES } from '../impersonation/become.decide';
import { decideChangePassword } from '../password-reset/password-reset.decide';
import { decideSignInAccess, SIGN_IN_BLOCKED, signInDecider, type SignIn } from './sign-in.decide';

const U = 'u1';
const registered = (via: UserRegistered['data']['via']): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId: U, email: 'ada@example.com', firstName: 'Ada', lastName: 'L', securityLevel: 5, siteId: 's1', officeId: null, cellPhone: null, via },
});
const given = (...events: AccountEvent[]): Account => fold({ initialState: initialAccount, evolve: evolveAccount }, events);
const blocked = (cause: 'platform-lock' | 'offboarding'): AccountEvent => ({ type: 'SignInBlocked', data: { userId: U, cause } });
const unblocked = (cause: 'platform-lock' | 'offboarding'): AccountEvent => ({ type: 'SignInUnblocked', data: { userId: U, cause } });
const signIn = (extra: Partial<SignIn> = {}): SignIn => ({ userId: U, method: 'password', timezone: null, timezoneName: null, ...extra });
const signedIn = (method: SignIn['method'] = 'password'): AccountEvent => ({
  type: 'UserSignedIn',
  data: { userId: U, method, timezone: null, timezoneName: null },
});
const verified = (how: 'google' | 'password-reset' | 'alert-link'): AccountEvent => ({ type: 'EmailVerified', data: { userId: U, how } });

describe('a locked or offboarded account cannot sign in (given / when / then)', () => {
  it('given a platform lock, when it signs in, then 403 with the reason; after the unlock it signs in', () => {
    expect(() => signInDecider.decide(signIn(), given(registered('seed'), blocked('platform-lock')))).toThrow(SIGN_IN_BLOCKED['platform-lock']);
    expect(signInDecider.decide(signIn(), given(registered('seed'), blocked('platform-lock'), unblocked('platform-lock')))).toEqual([signedIn()]);
  });

  it('given an offboarding and a lock, when the lock is lifted, then it still cannot sign in', () => {
    const state = given(registered('seed'), blocked('platform-lock'), blocked('offboarding'), unblocked('platform-lock'));
    expect(() => signInDecider.decide(signIn({ method: 'google', verifiedBy: 'google' }), state)).toThrow(SIGN_IN_BLOCKED.offboarding);
  });

  it('the refusal is a 403', () => {
    expect(() => signInDecider.decide(signIn(), given(registered('seed'), blocked('offboarding')))).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it('staff cannot become a blocked user either', () => {
    const staff = fold({ initialState: initialAccount, evolve: evolveAccount }, [
      { ...registered('seed'), data: { ...(registered('seed') as UserRegistered).data, userId: 'staff', securityLevel: 25 } } as AccountEvent,
    ]);
    const command = { staffId: 'staff', targetUserId: U, reason: 'ticket 9', expiresAt: '2026-01-01T00:30:00.000Z' };
    expect(() => decideStartImpersonation(command, [staff, given(registered('seed'), blocked('platform-lock'))])).toThrow(BECOME_MESSAGES.blocked);
  });

  it('records a block or an unblock only when it changes something', () => {
    const open = given(registered('seed'));
    expect(decideSignInAccess({ userId: U, cause: 'platform-lock', blocked: true }, open)).toEqual([blocked('platform-lock')]);
    expect(decideSignInAccess({ userId: U, cause: 'platform-lock', blocked: false }, open)).toEqual([]);
    expect(decideSignInAccess({ userId: U, cause: 'platform-lock', blocked: true }, given(registered('seed'), blocked('platform-lock')))).toEqual([]);
    expect(decideSignInAccess({ userId: U, cause: 'platform-lock', blocked: false }, given(registered('seed'), blocked('platform-lock')))).toEqual([
      unblocked('platform-lock'),
    ]);
    expect(decideSignInAccess({ userId: U, cause: 'offboarding', blocked: true }, initialAccount())).toEqual([]);
  });
});

describe('the first proof of an address nobody had proved (pre-hijacking)', () => {
  it('accounts the product made start proved; inquiries, imports and social sign-ups do not', () => {
    const proved = (a: Account) => a.exists && a.emailVerified;
    expect(proved(given(registered('seed')))).toBe(true);
    expect(proved(given(registered(undefined)))).toBe(true);
    for (const via of ['inquiry', 'import', 'google', 'facebook'] as const) expect(proved(given(registered(via)))).toBe(false);
  });

  it('given an inquiry account, when a verified identity signs in, then EmailVerified once, before the sign-in', () => {
    const account = given(registered('inquiry'));
    expect(signInDecider.decide(signIn({ method: 'google', verifiedBy: 'google' }), account)).toEqual([verified('google'), signedIn('google')]);
    const after = given(registered('inquiry'), verified('google'));
    expect(signInDecider.decide(signIn({ method: 'alert-link', verifiedBy: 'alert-link' }), after)).toEqual([signedIn('alert-link')]);
  });

  it('a password (or a provider that proves nothing) records no proof', () => {
    expect(signInDecider.decide(signIn(), given(registered('inquiry')))).toEqual([signedIn()]);
    expect(signInDecider.decide(signIn({ method: 'facebook' }), given(registered('inquiry')))).toEqual([signedIn('facebook')]);
  });

  it('given an inquiry account with a reset link, when the password is reset, then EmailVerified and the new password; a change proves nothing', () => {
    const now = new Date('2026-01-01T00:10:00.000Z');
    const reset: AccountEvent = {
      type: 'PasswordResetRequested',
      data: { userId: U, tokenHash: 'h', requestedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T01:00:00.000Z' },
    };
    const events = decideChangePassword({ how: 'reset', userId: U, tokenHash: 'h', passwordHash: 'new', now }, given(registered('inquiry'), reset));
    expect(events).toEqual([verified('password-reset'), { type: 'PasswordChanged', data: { userId: U, passwordHash: 'new', how: 'reset' } }]);
    expect(
      decideChangePassword({ how: 'reset', userId: U, tokenHash: 'h', passwordHash: 'new', now }, given(registered('seed'), reset)).map((e) => e.type),
    ).toEqual(['PasswordChanged']);
    const withPassword = given(registered('inquiry'), { type: 'PasswordSet', data: { userId: U, passwordHash: 'old' } });
    expect(decideChangePassword({ how: 'change', userId: U, verifiedHash: 'old', passwordHash: 'new' }, withPassword).map((e) => e.type)).toEqual([
      'PasswordChanged',
    ]);
  });
});
