import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { AccountEvent } from '../accounts.events';
import { decideVerifyEmail, INVALID_VERIFY_LINK, verifyEmailDecider } from './verify-email.decide';
import { refused } from '../../../../tests/support/refused';

const U = 'u1';
const EMAIL = 'ada@example.com';
const given = (...events: AccountEvent[]) => fold(verifyEmailDecider, events);
const userRegistered = (via: 'inquiry' | 'seed'): AccountEvent => ({
  type: 'UserRegistered',
  data: {
    userId: U,
    email: EMAIL,
    firstName: 'Ada',
    lastName: 'Lovelace',
    securityLevel: 5,
    siteId: 's1',
    officeId: null,
    cellPhone: null,
    isImport: false,
    via,
  },
});
const registered = userRegistered('inquiry');
const verified: AccountEvent = { type: 'EmailVerified', data: { userId: U, how: 'verification-link', email: EMAIL } };
const passwordChanged = (how: 'reset' | 'change'): AccountEvent => ({ type: 'PasswordChanged', data: { userId: U, passwordHash: 'h2', how } });
const googleLinked = (emailVerified?: boolean): AccountEvent => ({
  type: 'SocialIdentityLinked',
  data: { userId: U, provider: 'google', subject: '1234567890', ...(emailVerified === undefined ? {} : { emailVerified }) },
});

const INVALID = { code: 'validation', message: 'This confirmation link is invalid or has expired; please ask for a new one' };

describe('VerifyEmail (given / when / then)', () => {
  it("given a registered account, when its address's link is followed, then EmailVerified with the user and the address", () => {
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered))).toEqual([
      { type: 'EmailVerified', data: { userId: U, how: 'verification-link', email: EMAIL } },
    ]);
  });

  it('given a password change that was not a reset, or a provider that did not vouch, when the link is followed, then EmailVerified (neither proved the mailbox)', () => {
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, passwordChanged('change')))).toEqual([verified]);
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, googleLinked(false)))).toEqual([verified]);
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, googleLinked()))).toEqual([verified]);
  });

  it('given the address verified, when the link is followed again, then nothing', () => {
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, verified))).toEqual([]);
  });

  it('given the address proved by a used reset link or a vouching provider, when the link is followed, then nothing', () => {
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, passwordChanged('reset')))).toEqual([]);
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, googleLinked(true)))).toEqual([]);
  });

  it.each(['google', 'password-reset', 'alert-link'] as const)(
    'given the address proved another way (EmailVerified how %s), when the link is followed, then nothing',
    (how) => {
      expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(registered, { type: 'EmailVerified', data: { userId: U, how } }))).toEqual([]);
    },
  );

  it('given an account the product made (the seed), when the link is followed, then nothing (it starts verified)', () => {
    expect(decideVerifyEmail({ userId: U, email: EMAIL }, given(userRegistered('seed')))).toEqual([]);
  });

  it(`given no account, when a link is followed, then '${INVALID_VERIFY_LINK}'`, () => {
    expect(INVALID_VERIFY_LINK).toBe(INVALID.message);
    expect(refused(() => decideVerifyEmail({ userId: U, email: EMAIL }, given()))).toMatchObject(INVALID);
  });

  it(`given a registered account, when a link for another address is followed, then '${INVALID_VERIFY_LINK}'`, () => {
    expect(refused(() => decideVerifyEmail({ userId: U, email: 'eve@example.com' }, given(registered)))).toMatchObject(INVALID);
  });

  it(`given the address verified, when a link for another address is followed, then '${INVALID_VERIFY_LINK}' (the address is checked before the repeat)`, () => {
    expect(refused(() => decideVerifyEmail({ userId: U, email: 'eve@example.com' }, given(registered, verified)))).toMatchObject(INVALID);
  });
});
