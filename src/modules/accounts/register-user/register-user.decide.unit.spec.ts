import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { AccountEvent, ConsentChannel } from '../accounts.events';
import { decideRegisterUser, type RegisterUser, registerUserDecider } from './register-user.decide';
import { refused } from '../../../../tests/support/refused';

const U = 'u1';
const at = '2026-01-01T00:00:00.000Z';
const registration: RegisterUser = {
  userId: U,
  email: ' Ada@Example.COM ',
  firstName: '  Ada ',
  lastName: ' Lovelace  ',
  securityLevel: 5,
  siteId: 's1',
  from: 'inquiry form on jane',
  at,
};
const given = (...events: AccountEvent[]) => fold(registerUserDecider, events);
const consent = (channel: ConsentChannel, granted = true): AccountEvent => ({
  type: 'ConsentChanged',
  data: { userId: U, channel, granted, how: 'registration', from: 'inquiry form on jane', at },
});
const everyConsent = [consent('email'), consent('text'), consent('propertyAlerts'), consent('propertyUpdates')];
const userRegistered = (over: Partial<Extract<AccountEvent, { type: 'UserRegistered' }>['data']> = {}): AccountEvent => ({
  type: 'UserRegistered',
  data: {
    userId: U,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    securityLevel: 5,
    siteId: 's1',
    officeId: null,
    cellPhone: null,
    isImport: false,
    via: 'seed',
    ...over,
  },
});

describe('RegisterUser (given / when / then)', () => {
  it('given no account, when registered with the least, then UserRegistered (address normalised, names trimmed, defaults) and a granted ConsentChanged per channel in the ledger', () => {
    expect(decideRegisterUser(registration, given())).toEqual([
      {
        type: 'UserRegistered',
        data: {
          userId: U,
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          securityLevel: 5,
          siteId: 's1',
          officeId: null,
          cellPhone: null,
          isImport: false,
          via: 'seed',
        },
      },
      ...everyConsent,
    ]);
  });

  it('given no account, when an agent of broker B is registered with a cell phone, then UserRegistered carries the level, office, phone and how it came', () => {
    const [event] = decideRegisterUser({ ...registration, securityLevel: 10, siteId: null, officeId: 'B', cellPhone: '2065550100', via: 'inquiry' }, given());
    expect(event).toEqual(userRegistered({ securityLevel: 10, siteId: null, officeId: 'B', cellPhone: '2065550100', via: 'inquiry' }));
  });

  it('given no account, when registered with a password hash, then PasswordSet right after UserRegistered', () => {
    expect(decideRegisterUser({ ...registration, passwordHash: '$argon2id$v=19$hash' }, given())).toEqual([
      userRegistered(),
      { type: 'PasswordSet', data: { userId: U, passwordHash: '$argon2id$v=19$hash' } },
      ...everyConsent,
    ]);
  });

  it('given no account, when registered with an empty password hash, then no PasswordSet', () => {
    expect(decideRegisterUser({ ...registration, passwordHash: '' }, given())).toEqual([userRegistered(), ...everyConsent]);
  });

  it('given no account, when registered through Google with a password too, then UserRegistered, PasswordSet, SocialIdentityLinked, then the consents', () => {
    expect(decideRegisterUser({ ...registration, via: 'google', passwordHash: 'h', social: { provider: 'google', subject: '1234567890' } }, given())).toEqual([
      userRegistered({ via: 'google' }),
      { type: 'PasswordSet', data: { userId: U, passwordHash: 'h' } },
      { type: 'SocialIdentityLinked', data: { userId: U, provider: 'google', subject: '1234567890' } },
      ...everyConsent,
    ]);
  });

  it('given no account, when an imported contact is registered, then isImport and texts start withdrawn (the other channels granted)', () => {
    expect(decideRegisterUser({ ...registration, isImport: true, via: 'import' }, given())).toEqual([
      userRegistered({ isImport: true, via: 'import' }),
      consent('email'),
      consent('text', false),
      consent('propertyAlerts'),
      consent('propertyUpdates'),
    ]);
  });

  it('given no account, when registered and folded, then the account exists with the consent the ledger says', () => {
    const state = given(...decideRegisterUser({ ...registration, isImport: true }, given()));
    expect(state).toMatchObject({
      exists: true,
      userId: U,
      email: 'ada@example.com',
      consent: { email: true, text: false, propertyAlerts: true, propertyUpdates: true },
    });
  });

  it("given the account exists, when registered again, then conflict 'This account already exists'", () => {
    expect(refused(() => decideRegisterUser(registration, given(userRegistered(), ...everyConsent)))).toMatchObject({
      code: 'conflict',
      message: 'This account already exists',
    });
  });

  it("given the account exists, when registered again with a malformed address, then conflict 'This account already exists' (existence first)", () => {
    expect(refused(() => decideRegisterUser({ ...registration, email: 'nope' }, given(userRegistered())))).toMatchObject({
      code: 'conflict',
      message: 'This account already exists',
    });
  });

  it.each(['', 'nope', 'ada@example', 'ada@example.c', 'ada @example.com', 'ada@example.com\r\nBcc: eve@example.com', 'a@b.com\t'])(
    "given no account, when registered with the address %j, then 'Please enter a valid email'",
    (email) => {
      expect(refused(() => decideRegisterUser({ ...registration, email }, given()))).toMatchObject({
        code: 'validation',
        message: 'Please enter a valid email',
      });
    },
  );
});
