import { describe, expect, it } from 'vitest';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent } from '../accounts.events';
import { BECOME_MESSAGES, decideEndImpersonation, decideStartImpersonation } from './become.decide';

const account = (userId: string, securityLevel: 5 | 10 | 15 | 25): Account =>
  evolveAccount(initialAccount(), {
    type: 'UserRegistered',
    data: { userId, email: `${userId}@x.test`, firstName: 'F', lastName: 'L', securityLevel, siteId: null, officeId: null, cellPhone: null },
  } as AccountEvent);
const STAFF = 'staff';
const start = (target: Account, reason = 'ticket 1') =>
  decideStartImpersonation({ staffId: STAFF, targetUserId: target.exists ? target.userId : 'gone', reason, expiresAt: '2024-01-01T00:30:00.000Z' }, [
    account(STAFF, 25),
    target,
  ]);

describe('become user (given / when / then)', () => {
  it('puts the start on both streams with the reason and the expiry', () => {
    expect(start(account('u1', 10))).toEqual([
      [{ type: 'StaffBecameUser', data: { userId: STAFF, targetUserId: 'u1', reason: 'ticket 1', expiresAt: '2024-01-01T00:30:00.000Z' } }],
      [{ type: 'ImpersonationStarted', data: { userId: 'u1', impersonatorId: STAFF, reason: 'ticket 1', expiresAt: '2024-01-01T00:30:00.000Z' } }],
    ]);
  });

  it('refuses without a reason, for staff accounts, for oneself, for accounts that do not exist and for non-staff', () => {
    expect(() => start(account('u1', 5), ' ')).toThrow(BECOME_MESSAGES.reason);
    expect(() => start(account('u2', 25))).toThrow(BECOME_MESSAGES.staff);
    expect(() => start(account(STAFF, 25))).toThrow(BECOME_MESSAGES.self);
    expect(() => start(initialAccount())).toThrow(BECOME_MESSAGES.unknown);
    expect(() => decideStartImpersonation({ staffId: 'b', targetUserId: 'u1', reason: 'r', expiresAt: 'x' }, [account('b', 15), account('u1', 5)])).toThrow(
      BECOME_MESSAGES.notStaff,
    );
  });

  it('ends on both streams', () => {
    expect(decideEndImpersonation({ staffId: STAFF, userId: 'u1' }, [account(STAFF, 25), account('u1', 5)])).toEqual([
      [{ type: 'StaffReturnedFromUser', data: { userId: STAFF, targetUserId: 'u1' } }],
      [{ type: 'ImpersonationEnded', data: { userId: 'u1', impersonatorId: STAFF } }],
    ]);
  });
});
