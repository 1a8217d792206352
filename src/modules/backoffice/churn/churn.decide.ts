import { conflict, validation } from '../../../shared/errors';
import type { AccountAdmin } from '../account-admin';
import type { BackofficeEvent, QuitReason } from '../backoffice.events';
import { requireReason } from '../reason';
import { parseSiteDomain } from '../../sites';

type Base = { readonly userId: string; readonly reason: string };

/** A domain name as stored: lower case, no scheme, no trailing dot; else the message (the sites' rule). */
export const parseDomain = parseSiteDomain;

export function decideStartOffboarding(c: Base, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (s.churn.offboarding) throw conflict('Offboarding has already started for this account');
  return [{ type: 'OffboardingStarted', data: { userId: c.userId, reason } }];
}

export function decideRequestQuit(c: Base & { readonly quitReason: QuitReason }): BackofficeEvent[] {
  return [{ type: 'QuitRequested', data: { userId: c.userId, quitReason: c.quitReason, reason: requireReason(c.reason) } }];
}

export function decideLockPlatform(c: Base, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (s.churn.platformLocked) throw conflict('The platform is already locked for this account');
  return [{ type: 'PlatformLocked', data: { userId: c.userId, reason } }];
}

export function decideUnlockPlatform(c: Base, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (!s.churn.platformLocked) throw conflict('The platform is not locked for this account');
  return [{ type: 'PlatformUnlocked', data: { userId: c.userId, reason } }];
}

export function decidePauseMarketing(c: Base & { readonly until: string | null; readonly today: string }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (s.churn.marketingPaused) throw conflict('Marketing is already paused for this account');
  if (c.until !== null && c.until <= c.today) throw validation('The pause must end after today');
  return [{ type: 'MarketingPaused', data: { userId: c.userId, until: c.until, reason } }];
}

export function decideResumeMarketing(c: Base, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (!s.churn.marketingPaused) throw conflict('Marketing is not paused for this account');
  return [{ type: 'MarketingResumed', data: { userId: c.userId, reason } }];
}

export function decideRestoreDomain(c: Base & { readonly domain: string }): BackofficeEvent[] {
  return [{ type: 'DomainRestored', data: { userId: c.userId, domain: parseDomain(c.domain), reason: requireReason(c.reason) } }];
}
