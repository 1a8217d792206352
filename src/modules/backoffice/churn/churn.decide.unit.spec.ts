import { describe, expect, it } from 'vitest';
import { evolveAccountAdmin, initialAccountAdmin } from '../account-admin';
import { decideSetDnsRecords, decideRecordTerms } from '../onboarding/onboarding.decide';
import { decideLockPlatform, decidePauseMarketing, decideRestoreDomain, decideUnlockPlatform, parseDomain } from './churn.decide';

const U = '00000000-0000-4000-8000-00000000000a';

describe('churn and onboarding rules', () => {
  it('locks once and unlocks only what is locked', () => {
    const locked = decideLockPlatform({ userId: U, reason: 'unpaid' }, initialAccountAdmin()).reduce(evolveAccountAdmin, initialAccountAdmin());
    expect(locked.churn.platformLocked).toBe(true);
    expect(() => decideLockPlatform({ userId: U, reason: 'again' }, locked)).toThrow('The platform is already locked for this account');
    expect(() => decideUnlockPlatform({ userId: U, reason: 'x' }, initialAccountAdmin())).toThrow('The platform is not locked for this account');
  });

  it('a marketing pause ends after today', () => {
    expect(() => decidePauseMarketing({ userId: U, until: '2024-01-01', today: '2024-01-01', reason: 'r' }, initialAccountAdmin())).toThrow(
      'The pause must end after today',
    );
    expect(decidePauseMarketing({ userId: U, until: null, today: '2024-01-01', reason: 'r' }, initialAccountAdmin())[0]).toMatchObject({
      data: { until: null },
    });
  });

  it('stores domains in lower case without a trailing dot, and refuses what is not a host name', () => {
    expect(parseDomain(' Blair-Homes.COM. ')).toBe('blair-homes.com');
    expect(decideRestoreDomain({ userId: U, domain: 'WWW.Example.org', reason: 'r' })[0]).toMatchObject({ data: { domain: 'www.example.org' } });
    for (const bad of ['localhost', 'http://x.com', 'a b.com', '-x.com', 'x.c']) expect(() => parseDomain(bad)).toThrow('Please enter a valid domain name');
  });

  it('checks DNS records by type, and terms cannot be accepted in the future', () => {
    expect(decideSetDnsRecords({ userId: U, domain: 'x.com', records: [{ type: 'A', name: '', value: '203.0.113.9' }], reason: 'r' })[0]).toMatchObject({
      data: { records: [{ type: 'A', name: '@', value: '203.0.113.9' }] },
    });
    expect(() => decideSetDnsRecords({ userId: U, domain: 'x.com', records: [{ type: 'A', name: '@', value: '256.1.1.1' }], reason: 'r' })).toThrow(
      '256.1.1.1 is not an IPv4 address',
    );
    expect(() => decideSetDnsRecords({ userId: U, domain: 'x.com', records: [], reason: 'r' })).toThrow('Please enter at least one DNS record');
    expect(() => decideRecordTerms({ userId: U, termsVersion: 'v1', acceptedOn: '2024-02-02', today: '2024-02-01', reason: 'r' })).toThrow(
      'The terms cannot be accepted in the future',
    );
  });
});
