import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../accounts';
import type { StoredEvent } from '../../../shared/event';
import { ALERT_LINK_SIGN_IN_HOURS, accountALinkMaySignIn } from './link-sign-in';

const userId = 'u1';
let position = 0n;
const stored = (e: AccountEvent, at: string): StoredEvent =>
  ({
    ...e,
    eventId: `e${position}`,
    metadata: { siteId: null, actorId: null, impersonatorId: null, correlationId: 'c', causationId: null, at },
    streamId: `user-${userId}`,
    streamPosition: position,
    globalPosition: position++,
    transactionId: 1n,
    createdAt: new Date(at),
  }) as StoredEvent;
const registered = (level: 5 | 10 | 25) =>
  stored(
    {
      type: 'UserRegistered',
      data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'L', securityLevel: level, siteId: 's1', officeId: null, cellPhone: null },
    },
    '2026-01-01T00:00:00Z',
  );
const passwordChanged = (at: string) => stored({ type: 'PasswordChanged', data: { userId, passwordHash: 'h', how: 'change' } }, at);
const issuedAt = new Date('2026-01-10T00:00:00Z');
const soon = (at: Date) => new Date(at.getTime() + 3_600_000);

describe('who an alert link may sign in', () => {
  it('a lead', () => {
    expect(accountALinkMaySignIn([registered(5)], issuedAt, soon(issuedAt))?.userId).toBe(userId);
  });

  it('nobody for an account that does not exist, an agent or staff', () => {
    expect(accountALinkMaySignIn([], issuedAt, soon(issuedAt))).toBeNull();
    expect(accountALinkMaySignIn([registered(10)], issuedAt, soon(issuedAt))).toBeNull();
    expect(accountALinkMaySignIn([registered(25)], issuedAt, soon(issuedAt))).toBeNull();
  });

  it('nobody with a link issued before the last password change; a later link still works', () => {
    const events = [registered(5), passwordChanged('2026-01-12T00:00:00Z')];
    expect(accountALinkMaySignIn(events, issuedAt, soon(issuedAt))).toBeNull();
    expect(accountALinkMaySignIn(events, new Date('2026-01-13T00:00:00Z'), new Date('2026-01-13T01:00:00Z'))?.userId).toBe(userId);
  });

  it('nobody with a link issued more than a day ago', () => {
    expect(accountALinkMaySignIn([registered(5)], issuedAt, new Date(issuedAt.getTime() + ALERT_LINK_SIGN_IN_HOURS * 3_600_000 - 1000))?.userId).toBe(userId);
    expect(accountALinkMaySignIn([registered(5)], issuedAt, new Date(issuedAt.getTime() + ALERT_LINK_SIGN_IN_HOURS * 3_600_000 + 1000))).toBeNull();
  });
});
