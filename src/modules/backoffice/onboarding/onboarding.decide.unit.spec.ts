import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { evolveAccountAdmin, initialAccountAdmin } from '../account-admin';
import type { BackofficeEvent, DnsRecord } from '../backoffice.events';
import {
  decideLaunchSite,
  decideRecordTerms,
  decideSendWelcomeEmail,
  decideSetDnsRecords,
  decideSetOnboardingStatus,
  type SiteFacts,
} from './onboarding.decide';
import { refused } from '../../../../tests/support/refused';

const U = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const S1 = '00000000-0000-4000-8000-000000000051';
const S2 = '00000000-0000-4000-8000-000000000052';

const given = (...events: BackofficeEvent[]) => fold({ initialState: initialAccountAdmin, evolve: evolveAccountAdmin }, events);
const launched = (siteId: string): BackofficeEvent => ({ type: 'SiteLaunched', data: { userId: U, siteId, reason: 'went live' } });
const statusSet = (status: 'in-progress' | 'launched'): BackofficeEvent => ({ type: 'OnboardingStatusSet', data: { userId: U, status, reason: 'call' } });
const merge = (survivorId: string, mergedId: string, mergeId = 'mg1') => ({ userId: U, survivorId, mergedId, mergeId, reason: 'duplicate' });

const owned = (siteId: string, ownerUserId = U): SiteFacts => ({ siteId, ownerUserId });
const launch = (siteId: string, site: SiteFacts = owned(siteId), reason = ' Client approved ') => ({ userId: U, siteId, site, reason });
const dns = (records: readonly DnsRecord[], domain = 'blair-homes.com') => ({ userId: U, domain, records, reason: 'set up' });
const terms = (acceptedOn: string, termsVersion = ' 2024-01 ', today = '2024-02-01') => ({ userId: U, termsVersion, acceptedOn, today, reason: 'signed' });

const REASON = { code: 'validation', message: 'Please give a reason' };
const REASON_TOO_LONG = { code: 'validation', message: 'The reason is too long (at most 500 characters)' };

describe('LaunchSite (given / when / then)', () => {
  it('given a new account, when its own site is launched, then SiteLaunched with the reason trimmed', () => {
    expect(decideLaunchSite(launch(S1), given())).toEqual([{ type: 'SiteLaunched', data: { userId: U, siteId: S1, reason: 'Client approved' } }]);
  });

  it('given S1 launched, when S2 is launched, then SiteLaunched for S2', () => {
    expect(decideLaunchSite(launch(S2), given(launched(S1)))).toEqual([{ type: 'SiteLaunched', data: { userId: U, siteId: S2, reason: 'Client approved' } }]);
  });

  it("given S1 launched, when S1 is launched again, then conflict 'This site is already launched'", () => {
    expect(refused(() => decideLaunchSite(launch(S1), given(launched(S2), launched(S1))))).toMatchObject({
      code: 'conflict',
      message: 'This site is already launched',
    });
  });

  it("given a new account, when a site that does not exist or that another account owns is launched, then 'Please pick a site this account owns'", () => {
    const message = { code: 'validation', message: 'Please pick a site this account owns' };
    expect(refused(() => decideLaunchSite(launch(S1, null), given()))).toMatchObject(message);
    expect(refused(() => decideLaunchSite(launch(S1, owned(S1, OTHER)), given()))).toMatchObject(message);
  });

  it("given S1 launched, when a site of another owner is launched, then 'Please pick a site this account owns' (ownership is checked before the repeat)", () => {
    expect(refused(() => decideLaunchSite(launch(S1, owned(S1, OTHER)), given(launched(S1))))).toMatchObject({
      code: 'validation',
      message: 'Please pick a site this account owns',
    });
  });

  it("given a new account, when launched without a reason or with a reason over 500 characters, then 'Please give a reason' / 'The reason is too long (at most 500 characters)'", () => {
    expect(refused(() => decideLaunchSite(launch(S1, owned(S1), '   '), given()))).toMatchObject(REASON);
    expect(refused(() => decideLaunchSite(launch(S1, null, ''), given()))).toMatchObject(REASON);
    expect(refused(() => decideLaunchSite(launch(S1, owned(S1), 'x'.repeat(501)), given()))).toMatchObject(REASON_TOO_LONG);
    expect(decideLaunchSite(launch(S1, owned(S1), 'x'.repeat(500)), given())).toHaveLength(1);
  });
});

describe('SetOnboardingStatus (given / when / then)', () => {
  it('given a new account (status new), when set to in-progress, then OnboardingStatusSet', () => {
    expect(decideSetOnboardingStatus({ userId: U, status: 'in-progress', reason: ' kickoff call ' }, given())).toEqual([
      { type: 'OnboardingStatusSet', data: { userId: U, status: 'in-progress', reason: 'kickoff call' } },
    ]);
  });

  it('given the status set to launched, when set to on-hold, then OnboardingStatusSet on-hold', () => {
    expect(decideSetOnboardingStatus({ userId: U, status: 'on-hold', reason: 'r' }, given(statusSet('in-progress'), statusSet('launched')))).toEqual([
      { type: 'OnboardingStatusSet', data: { userId: U, status: 'on-hold', reason: 'r' } },
    ]);
  });

  it("given a new account, when set to new, then conflict 'The onboarding status is already new'", () => {
    expect(refused(() => decideSetOnboardingStatus({ userId: U, status: 'new', reason: 'r' }, given()))).toMatchObject({
      code: 'conflict',
      message: 'The onboarding status is already new',
    });
  });

  it("given the status set to launched, when set to launched again, then conflict 'The onboarding status is already launched'", () => {
    expect(
      refused(() => decideSetOnboardingStatus({ userId: U, status: 'launched', reason: 'r' }, given(statusSet('in-progress'), statusSet('launched')))),
    ).toMatchObject({
      code: 'conflict',
      message: 'The onboarding status is already launched',
    });
  });

  it("given a new account, when set without a reason, then 'Please give a reason'", () => {
    expect(refused(() => decideSetOnboardingStatus({ userId: U, status: 'in-progress', reason: ' ' }, given()))).toMatchObject(REASON);
  });
});

describe('SetDnsRecords (when / then: it decides from the command alone)', () => {
  it('when records of every type are set, then DnsRecordsSet with the domain and names normalised, an empty name as @, values trimmed', () => {
    const records: DnsRecord[] = [
      { type: 'A', name: '', value: ' 203.0.113.9 ' },
      { type: 'AAAA', name: ' WWW ', value: '2001:DB8::1' },
      { type: 'CNAME', name: 'www', value: 'Blair-Homes.porchlight.test' },
      { type: 'TXT', name: '@', value: ' v=spf1 -all ' },
      { type: 'MX', name: '  ', value: '10 mail.blair-homes.com' },
    ];
    expect(decideSetDnsRecords(dns(records, ' Blair-Homes.COM. '))).toEqual([
      {
        type: 'DnsRecordsSet',
        data: {
          userId: U,
          domain: 'blair-homes.com',
          records: [
            { type: 'A', name: '@', value: '203.0.113.9' },
            { type: 'AAAA', name: 'www', value: '2001:DB8::1' },
            { type: 'CNAME', name: 'www', value: 'Blair-Homes.porchlight.test' },
            { type: 'TXT', name: '@', value: 'v=spf1 -all' },
            { type: 'MX', name: '@', value: '10 mail.blair-homes.com' },
          ],
          reason: 'set up',
        },
      },
    ]);
  });

  it("when no record is given, then 'Please enter at least one DNS record'", () => {
    expect(refused(() => decideSetDnsRecords(dns([])))).toMatchObject({ code: 'validation', message: 'Please enter at least one DNS record' });
  });

  it("when a record has a blank value, then 'Every DNS record needs a value'", () => {
    expect(
      refused(() =>
        decideSetDnsRecords(
          dns([
            { type: 'A', name: '@', value: '203.0.113.9' },
            { type: 'TXT', name: '@', value: '  ' },
          ]),
        ),
      ),
    ).toMatchObject({
      code: 'validation',
      message: 'Every DNS record needs a value',
    });
  });

  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', 'a.b.c.d', '2001:db8::1'])("when an A record's value is %s, then '<value> is not an IPv4 address'", (value) => {
    expect(refused(() => decideSetDnsRecords(dns([{ type: 'A', name: '@', value }])))).toMatchObject({
      code: 'validation',
      message: `${value} is not an IPv4 address`,
    });
  });

  it.each(['0.0.0.0', '255.255.255.255', '10.0.0.1'])('when an A record is %s, then it is kept', (value) => {
    expect(decideSetDnsRecords(dns([{ type: 'A', name: '@', value }]))[0]).toMatchObject({ data: { records: [{ type: 'A', name: '@', value }] } });
  });

  it.each(['fe80::g', '203.0.113.9', '2001:db8::1/64'])("when an AAAA record's value is %s, then '<value> is not an IPv6 address'", (value) => {
    expect(refused(() => decideSetDnsRecords(dns([{ type: 'AAAA', name: '@', value }])))).toMatchObject({
      code: 'validation',
      message: `${value} is not an IPv6 address`,
    });
  });

  it("when a CNAME points at something that is not a host name, or the domain is not one, then 'Please enter a valid domain name'", () => {
    const invalid = { code: 'validation', message: 'Please enter a valid domain name' };
    expect(refused(() => decideSetDnsRecords(dns([{ type: 'CNAME', name: 'www', value: 'http://x.com' }])))).toMatchObject(invalid);
    expect(refused(() => decideSetDnsRecords(dns([{ type: 'A', name: '@', value: '203.0.113.9' }], 'localhost')))).toMatchObject(invalid);
  });

  it("when set without a reason, then 'Please give a reason' (before anything else)", () => {
    expect(refused(() => decideSetDnsRecords({ ...dns([]), reason: '' }))).toMatchObject(REASON);
  });
});

describe('RecordTerms (when / then: it decides from the command alone)', () => {
  it('when terms accepted before today are recorded, then TermsRecorded with the version and reason trimmed', () => {
    expect(decideRecordTerms(terms('2024-01-15'))).toEqual([
      { type: 'TermsRecorded', data: { userId: U, termsVersion: '2024-01', acceptedOn: '2024-01-15', reason: 'signed' } },
    ]);
  });

  it('when terms accepted today are recorded, then TermsRecorded', () => {
    expect(decideRecordTerms(terms('2024-02-01'))).toEqual([
      { type: 'TermsRecorded', data: { userId: U, termsVersion: '2024-01', acceptedOn: '2024-02-01', reason: 'signed' } },
    ]);
  });

  it("when terms accepted tomorrow are recorded, then 'The terms cannot be accepted in the future'", () => {
    expect(refused(() => decideRecordTerms(terms('2024-02-02')))).toMatchObject({ code: 'validation', message: 'The terms cannot be accepted in the future' });
  });

  it("when the terms version is blank, then 'Please enter the terms version'", () => {
    expect(refused(() => decideRecordTerms(terms('2024-01-15', '  ')))).toMatchObject({ code: 'validation', message: 'Please enter the terms version' });
  });

  it("when recorded without a reason, then 'Please give a reason'", () => {
    expect(refused(() => decideRecordTerms({ ...terms('2024-01-15'), reason: ' ' }))).toMatchObject(REASON);
  });
});

describe('SendWelcomeEmail (given / when / then)', () => {
  const welcome = (reason = ' new client ') => ({ userId: U, to: 'jane@example.com', reason });

  it('given a new account, when welcomed, then WelcomeEmailSent to the address with the reason trimmed', () => {
    expect(decideSendWelcomeEmail(welcome(), given())).toEqual([
      { type: 'WelcomeEmailSent', data: { userId: U, to: 'jane@example.com', reason: 'new client' } },
    ]);
  });

  it('given a welcome already sent, when welcomed again, then another WelcomeEmailSent (each one is counted)', () => {
    const sent: BackofficeEvent = { type: 'WelcomeEmailSent', data: { userId: U, to: 'jane@example.com', reason: 'first' } };
    expect(decideSendWelcomeEmail(welcome('resend'), given(sent))).toEqual([
      { type: 'WelcomeEmailSent', data: { userId: U, to: 'jane@example.com', reason: 'resend' } },
    ]);
  });

  it('given the account absorbed another one (it is the survivor), when welcomed, then WelcomeEmailSent', () => {
    expect(decideSendWelcomeEmail(welcome(), given({ type: 'AccountsMerged', data: merge(U, OTHER) }))).toHaveLength(1);
  });

  it("given the account was merged into another, when welcomed, then conflict 'This account is merged into another one; welcome the account that was kept'", () => {
    expect(refused(() => decideSendWelcomeEmail(welcome(), given({ type: 'AccountsMerged', data: merge(OTHER, U) })))).toMatchObject({
      code: 'conflict',
      message: 'This account is merged into another one; welcome the account that was kept',
    });
  });

  it('given the account was merged into another and then unmerged, when welcomed, then WelcomeEmailSent', () => {
    const state = given({ type: 'AccountsMerged', data: merge(OTHER, U) }, { type: 'AccountsUnmerged', data: merge(OTHER, U) });
    expect(decideSendWelcomeEmail(welcome(), state)).toEqual([{ type: 'WelcomeEmailSent', data: { userId: U, to: 'jane@example.com', reason: 'new client' } }]);
  });

  it("given a new account, when welcomed without a reason, then 'Please give a reason'", () => {
    expect(refused(() => decideSendWelcomeEmail(welcome(''), given()))).toMatchObject(REASON);
  });
});
