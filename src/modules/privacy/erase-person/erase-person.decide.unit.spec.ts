import { describe, expect, it } from 'vitest';
import { refused } from '../../../../tests/support/refused';
import { type Account, evolveAccount, initialAccount } from '../../accounts';
import type { AccountEvent } from '../../accounts/accounts.events';
import { ALREADY_ERASED, decideErasePerson, type ErasePerson, evolveErasure, initialErasure, NO_SUCH_ACCOUNT, STAFF_NOT_ERASED } from './erase-person.decide';

const U = '00000000-0000-4000-8000-0000000000a1';
const L = '00000000-0000-4000-8000-0000000000b1';
const STAFF = '00000000-0000-4000-8000-000000000025';
const account = (securityLevel: 5 | 10 | 25, ...more: AccountEvent[]): Account =>
  [
    {
      type: 'UserRegistered',
      data: { userId: U, email: 'a@x.test', firstName: 'A', lastName: 'B', securityLevel, siteId: null, officeId: null, cellPhone: null },
    } as AccountEvent,
    ...more,
  ].reduce(evolveAccount, initialAccount());
const byStaff = (reason = 'Asked by e-mail'): ErasePerson => ({ userId: U, leadIds: [L], byUserId: STAFF, how: 'request', reason });

describe('erasing a person (given / when / then)', () => {
  it('given an account, when staff erase it with a reason, then PersonErased with who, why and its leads, and sign-in closes', () => {
    expect(decideErasePerson(byStaff(' Asked by e-mail '), account(5), initialErasure())).toEqual({
      privacy: [{ type: 'PersonErased', data: { userId: U, leadIds: [L], byUserId: STAFF, how: 'request', reason: 'Asked by e-mail' } }],
      account: [{ type: 'SignInBlocked', data: { userId: U, cause: 'offboarding' } }],
    });
  });

  it('given an account, when the person erases it themself, then the reason says so; an account already closed is not closed twice', () => {
    const closed = account(10, { type: 'SignInBlocked', data: { userId: U, cause: 'offboarding' } });
    expect(decideErasePerson({ userId: U, leadIds: [], byUserId: U, how: 'self', reason: '' }, closed, initialErasure())).toEqual({
      privacy: [{ type: 'PersonErased', data: { userId: U, leadIds: [], byUserId: U, how: 'self', reason: 'Erased by the person from their account' } }],
      account: [],
    });
  });

  it('refuses: no reason from staff, no such account, a staff account, and a second erasure', () => {
    expect(refused(() => decideErasePerson(byStaff('  '), account(5), initialErasure())).message).toBe('Please give a reason');
    expect(refused(() => decideErasePerson(byStaff(), initialAccount(), initialErasure()))).toMatchObject({ code: 'not_found', message: NO_SUCH_ACCOUNT });
    expect(refused(() => decideErasePerson(byStaff(), account(25), initialErasure()))).toMatchObject({ code: 'forbidden', message: STAFF_NOT_ERASED });
    const erased = evolveErasure(initialErasure(), decideErasePerson(byStaff(), account(5), initialErasure()).privacy[0]!);
    expect(refused(() => decideErasePerson(byStaff(), account(5), erased))).toMatchObject({ code: 'conflict', message: ALREADY_ERASED });
  });
});
