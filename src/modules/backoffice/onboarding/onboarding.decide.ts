import { conflict, validation } from '../../../shared/errors';
import type { AccountAdmin } from '../account-admin';
import type { BackofficeEvent, DnsRecord, OnboardingStatus } from '../backoffice.events';
import { parseDomain } from '../churn/churn.decide';
import { requireReason, requireText } from '../reason';

type Base = { readonly userId: string; readonly reason: string };

/** The site as the handler found it: launching needs a site this account owns. */
export type SiteFacts = { readonly siteId: string; readonly ownerUserId: string } | null;

export function decideLaunchSite(c: Base & { readonly siteId: string; readonly site: SiteFacts }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (!c.site || c.site.ownerUserId !== c.userId) throw validation('Please pick a site this account owns');
  if (s.onboarding.launchedSites.includes(c.siteId)) throw conflict('This site is already launched');
  return [{ type: 'SiteLaunched', data: { userId: c.userId, siteId: c.siteId, reason } }];
}

export function decideSetOnboardingStatus(c: Base & { readonly status: OnboardingStatus }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (s.onboarding.status === c.status) throw conflict(`The onboarding status is already ${c.status}`);
  return [{ type: 'OnboardingStatusSet', data: { userId: c.userId, status: c.status, reason } }];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function checkRecord(r: DnsRecord): DnsRecord {
  const name = r.name.trim().toLowerCase() || '@';
  const value = r.value.trim();
  if (!value) throw validation('Every DNS record needs a value');
  if (r.type === 'A' && !IPV4.test(value)) throw validation(`${value} is not an IPv4 address`);
  if (r.type === 'AAAA' && !/^[0-9a-f:]+$/i.test(value)) throw validation(`${value} is not an IPv6 address`);
  if (r.type === 'CNAME') parseDomain(value);
  return { type: r.type, name, value };
}

export function decideSetDnsRecords(c: Base & { readonly domain: string; readonly records: readonly DnsRecord[] }): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (c.records.length === 0) throw validation('Please enter at least one DNS record');
  return [{ type: 'DnsRecordsSet', data: { userId: c.userId, domain: parseDomain(c.domain), records: c.records.map(checkRecord), reason } }];
}

export function decideRecordTerms(c: Base & { readonly termsVersion: string; readonly acceptedOn: string; readonly today: string }): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (c.acceptedOn > c.today) throw validation('The terms cannot be accepted in the future');
  return [
    { type: 'TermsRecorded', data: { userId: c.userId, termsVersion: requireText(c.termsVersion, 'the terms version'), acceptedOn: c.acceptedOn, reason } },
  ];
}

export function decideSendWelcomeEmail(c: Base & { readonly to: string }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (s.mergedInto) throw conflict('This account is merged into another one; welcome the account that was kept');
  return [{ type: 'WelcomeEmailSent', data: { userId: c.userId, to: c.to, reason } }];
}
