import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../shared/event';
import { filterHistory, mergeNewestFirst, toHistoryEntry } from './account-history';
import { REDACTED, redact } from './redact';
import { stateAsOf } from './state-as-of';

const U = '00000000-0000-4000-8000-00000000000a';
let position = 0n;
const event = (streamId: string, type: string, data: Record<string, unknown>, at: string, meta: Partial<StoredEvent['metadata']> = {}): StoredEvent => ({
  type,
  data,
  eventId: `e${++position}`,
  streamId,
  streamPosition: 0n,
  globalPosition: position,
  transactionId: 1n,
  createdAt: new Date(at),
  metadata: { siteId: null, actorId: U, impersonatorId: null, correlationId: 'c', causationId: null, at, ...meta },
});

describe('account history', () => {
  const registered = event(
    `user-${U}`,
    'UserRegistered',
    { userId: U, email: 'a@b.test', firstName: 'A', lastName: 'B', securityLevel: 5, siteId: null, officeId: null, cellPhone: '2065550100' },
    '2024-01-01T00:00:00Z',
  );
  const password = event(`user-${U}`, 'PasswordSet', { userId: U, passwordHash: '$argon2id$v=19$secret' }, '2024-01-01T00:00:01Z');
  const inquiry = event('lead-1', 'InquirySubmitted', { userId: U, message: 'Hi' }, '2024-02-01T00:00:00Z', { impersonatorId: 'staff' });
  const phone = event(`user-${U}`, 'CellPhoneChanged', { userId: U, cellPhone: '2065550199' }, '2024-03-01T00:00:00Z');

  it('merges streams newest first and filters by type and time, inclusive', () => {
    const all = mergeNewestFirst([[registered, password, phone], [inquiry]]);
    expect(all.map((e) => e.type)).toEqual(['CellPhoneChanged', 'InquirySubmitted', 'PasswordSet', 'UserRegistered']);
    expect(filterHistory(all, { types: ['InquirySubmitted'] })).toEqual([inquiry]);
    expect(filterHistory(all, { from: '2024-02-01T00:00:00Z', to: '2024-03-01T00:00:00Z' })).toEqual([phone, inquiry]);
  });

  it('carries actor, impersonator and site; never a secret', () => {
    expect(toHistoryEntry(inquiry)).toMatchObject({ type: 'InquirySubmitted', actorId: U, impersonatorId: 'staff', siteId: null, data: { message: 'Hi' } });
    expect(toHistoryEntry(password).data).toEqual({ userId: U, passwordHash: REDACTED });
    expect(redact({ a: [{ tokenHash: 'x', ok: 1 }], resetToken: 'y', hasPassword: true, auth: 'k', endpoint: 'https://push' })).toEqual({
      a: [{ tokenHash: REDACTED, ok: 1 }],
      resetToken: REDACTED,
      hasPassword: true,
      auth: REDACTED,
      endpoint: REDACTED,
    });
  });

  it('folds the state as of an event with the accounts evolve, redacted', () => {
    const asOfRegistration = stateAsOf([registered, password, phone], [], registered.globalPosition);
    expect(asOfRegistration.account).toMatchObject({ exists: true, cellPhone: '2065550100', passwordHash: null });
    const now = stateAsOf([registered, password, phone], [], null);
    expect(now.account).toMatchObject({ cellPhone: '2065550199', passwordHash: REDACTED });
  });
});
