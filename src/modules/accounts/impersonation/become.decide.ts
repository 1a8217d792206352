import { forbidden, notFound, validation } from '../../../shared/errors';
import type { Account } from '../account';
import { LEVEL, type AccountEvent } from '../accounts.events';

/** The spec's limit for acting as a user: the impersonation session ends after this. */
export const IMPERSONATION_MINUTES = 30;
export const REASON_MAX = 500;

export const BECOME_MESSAGES = {
  reason: 'Please give a reason for acting as this user',
  self: 'You cannot impersonate yourself',
  staff: 'Staff accounts cannot be impersonated',
  notStaff: 'Only staff may act as a user',
  unknown: 'No such account',
  returnUrl: 'The return address must be a path on this site',
  blocked: 'This account is locked or offboarded; nobody can sign in to it, staff included',
} as const;

export type StartImpersonation = {
  readonly staffId: string;
  readonly targetUserId: string;
  readonly reason: string;
  readonly expiresAt: string;
};

/**
 * Decides a start of impersonation over [staff, target]: the staff member's stream gets
 * StaffBecameUser and the user's ImpersonationStarted, both with the reason. Staff may not
 * become other staff (that would hand over staff rights), nor themselves.
 */
export function decideStartImpersonation(c: StartImpersonation, [staff, target]: readonly Account[]): AccountEvent[][] {
  const reason = c.reason.trim();
  if (!reason) throw validation(BECOME_MESSAGES.reason);
  if (reason.length > REASON_MAX) throw validation(`The reason is too long (at most ${REASON_MAX} characters)`);
  if (!staff?.exists || staff.securityLevel !== LEVEL.staff) throw forbidden(BECOME_MESSAGES.notStaff);
  if (c.staffId === c.targetUserId) throw validation(BECOME_MESSAGES.self);
  if (!target?.exists) throw notFound(BECOME_MESSAGES.unknown);
  if (target.securityLevel >= LEVEL.staff) throw forbidden(BECOME_MESSAGES.staff);
  // Becoming a user is signing in as them: what keeps them out keeps staff out too.
  if (target.signInBlockedBy.length > 0) throw forbidden(BECOME_MESSAGES.blocked);
  return [
    [{ type: 'StaffBecameUser', data: { userId: c.staffId, targetUserId: c.targetUserId, reason, expiresAt: c.expiresAt } }],
    [{ type: 'ImpersonationStarted', data: { userId: c.targetUserId, impersonatorId: c.staffId, reason, expiresAt: c.expiresAt } }],
  ];
}

/** The end, on both streams again; nothing when the user's account is gone. */
export function decideEndImpersonation(c: { staffId: string; userId: string }, [staff, target]: readonly Account[]): AccountEvent[][] {
  if (!target?.exists) return [[], []];
  return [
    staff?.exists ? [{ type: 'StaffReturnedFromUser', data: { userId: c.staffId, targetUserId: c.userId } }] : [],
    [{ type: 'ImpersonationEnded', data: { userId: c.userId, impersonatorId: c.staffId } }],
  ];
}
