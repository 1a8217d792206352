import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import { type Account, evolveAccount, initialAccount } from './account';
import type { AccountEvent } from './accounts.events';
import { decideChangePassword, decideRequestPasswordReset, INVALID_RESET } from './password-reset/password-reset.decide';
import { decideRegisterUser, type RegisterUser } from './register-user/register-user.decide';
import { decideUpdateAccount } from './update-account/update-account.decide';
import { decideVerifyEmail, INVALID_VERIFY_LINK } from './verify-email/verify-email.decide';

const at = '2026-01-01T00:00:00.000Z';
const registration: RegisterUser = {
  userId: 'u1',
  email: ' Ada@Example.COM ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  securityLevel: 5,
  siteId: 's1',
  from: 'inquiry form on jane',
  at,
};
const given = (...events: AccountEvent[]): Account => fold({ initialState: initialAccount, evolve: evolveAccount }, events);
const registered = () => given(...decideRegisterUser(registration, initialAccount()));
const baseRegistration = registration;
const source = { how: 'account-settings' as const, from: 'account settings on jane', at };

describe('RegisterUser', () => {
  it('records the profile (address lower-cased) and the consent it starts with, in the ledger', () => {
    const events = decideRegisterUser(registration, initialAccount());
    expect(events[0]).toMatchObject({ type: 'UserRegistered', data: { email: 'ada@example.com', via: 'seed', isImport: false } });
    expect(events.filter((e) => e.type === 'ConsentChanged').map((e) => e.data)).toEqual(
      ['email', 'text', 'propertyAlerts', 'propertyUpdates'].map((channel) => ({
        userId: 'u1',
        channel,
        granted: true,
        how: 'registration',
        from: 'inquiry form on jane',
        at,
      })),
    );
  });

  it('imported contacts start unsubscribed from texts', () => {
    const state = given(...decideRegisterUser({ ...registration, isImport: true }, initialAccount()));
    expect(state.exists && state.consent).toEqual({ email: true, text: false, propertyAlerts: true, propertyUpdates: true });
  });

  it('refuses an existing account and a malformed address', () => {
    expect(() => decideRegisterUser(registration, registered())).toThrow(/already exists/);
    expect(() => decideRegisterUser({ ...registration, email: 'a@b.c\r\n' }, initialAccount())).toThrow('Please enter a valid email');
  });
});

describe('UpdateAccount', () => {
  it('records only what changes, one ConsentChanged per channel', () => {
    const events = decideUpdateAccount({ userId: 'u1', cellPhone: '2065550100', consent: { email: true, text: false }, source }, registered());
    expect(events).toEqual([
      { type: 'CellPhoneChanged', data: { userId: 'u1', cellPhone: '2065550100' } },
      { type: 'ConsentChanged', data: { userId: 'u1', channel: 'text', granted: false, ...source } },
    ]);
    expect(
      decideUpdateAccount({ userId: 'u1', consent: { text: false }, source }, given(...decideRegisterUser(registration, initialAccount()), ...events)),
    ).toEqual([]);
  });
});

describe('password reset', () => {
  const now = new Date(at);
  it('keeps at most three requests an hour', () => {
    let state = registered();
    for (let i = 0; i < 3; i++) {
      const events = decideRequestPasswordReset({ userId: 'u1', tokenHash: `h${i}`, now }, state);
      expect(events).toHaveLength(1);
      state = events.reduce(evolveAccount, state);
    }
    expect(decideRequestPasswordReset({ userId: 'u1', tokenHash: 'h3', now }, state)).toEqual([]);
    expect(decideRequestPasswordReset({ userId: 'u1', tokenHash: 'h3', now: new Date(now.getTime() + 3_600_001) }, state)).toHaveLength(1);
  });

  it('a link works once, before it expires', () => {
    const state = given(
      ...decideRegisterUser(registration, initialAccount()),
      ...decideRequestPasswordReset({ userId: 'u1', tokenHash: 'h', now }, registered()),
    );
    const reset = { how: 'reset' as const, userId: 'u1', tokenHash: 'h', passwordHash: 'new', now };
    const events = decideChangePassword(reset, state);
    expect(events).toEqual([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new', how: 'reset' } }]);
    expect(() => decideChangePassword(reset, events.reduce(evolveAccount, state))).toThrow(INVALID_RESET);
    expect(() => decideChangePassword({ ...reset, tokenHash: 'other' }, state)).toThrow(INVALID_RESET);
    expect(() => decideChangePassword({ ...reset, now: new Date(now.getTime() + 61 * 60_000) }, state)).toThrow(INVALID_RESET);
  });
});

describe('a verified e-mail address', () => {
  const email = 'ada@example.com';
  const verified = (state: Account) => state.exists && state.emailVerified;
  // An inquiry's account: nobody proved the address (the seed's and staff's start proved).
  const registration = { ...baseRegistration, via: 'inquiry' as const };
  const registered = () => given(...decideRegisterUser(registration, initialAccount()));

  it('is not given by registering (an inquiry takes any address)', () => {
    expect(verified(registered())).toBe(false);
  });

  it('comes from the confirmation link, once, and only for the address it was mailed to', () => {
    const events = decideVerifyEmail({ userId: 'u1', email }, registered());
    expect(events).toEqual([{ type: 'EmailVerified', data: { userId: 'u1', how: 'verification-link', email } }]);
    const state = given(...decideRegisterUser(registration, initialAccount()), ...events);
    expect(verified(state)).toBe(true);
    expect(decideVerifyEmail({ userId: 'u1', email }, state)).toEqual([]);
    expect(() => decideVerifyEmail({ userId: 'u1', email: 'eve@example.com' }, registered())).toThrow(INVALID_VERIFY_LINK);
    expect(() => decideVerifyEmail({ userId: 'u1', email }, initialAccount())).toThrow(INVALID_VERIFY_LINK);
  });

  it('comes from a used password reset link or a provider that vouched for the address, not from a change or an unvouched link', () => {
    const base = decideRegisterUser(registration, initialAccount());
    const changed = (how: 'reset' | 'change'): AccountEvent => ({ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h', how } });
    expect(verified(given(...base, changed('reset')))).toBe(true);
    expect(verified(given(...base, changed('change')))).toBe(false);
    const linked = (emailVerified?: boolean): AccountEvent => ({
      type: 'SocialIdentityLinked',
      data: { userId: 'u1', provider: 'google', subject: 's', ...(emailVerified === undefined ? {} : { emailVerified }) },
    });
    expect(verified(given(...base, linked(true)))).toBe(true);
    expect(verified(given(...base, linked(false)))).toBe(false);
    expect(verified(given(...base, linked()))).toBe(false);
  });
});
