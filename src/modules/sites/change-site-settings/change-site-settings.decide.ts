import type { Decider } from '../../../commands/decider';
import { conflict, notFound, validation } from '../../../shared/errors';
import { evolveSite, initialSite, type Site } from '../site';
import type { SiteEvent, SiteSettings } from '../sites.events';
import { checkBrandName, checkSiteSetting, normalizeDomain, SITE_MESSAGES } from '../../../contract/site-settings';

export type ChangeSiteSettings = {
  readonly siteId: string;
  readonly changes: Partial<SiteSettings>;
  /** The brand name (the site's name). */
  readonly name?: string;
  /** The custom domain; null or '' removes it. */
  readonly DomainName?: string | null;
  /** Fact from the sites read model: the site that already answers to the asked DomainName, if any. */
  readonly domainOwner?: string | null;
};

export function parseSiteDomain(domain: string): string {
  const d = normalizeDomain(domain);
  if (!d) throw validation(SITE_MESSAGES.domain);
  return d;
}

/**
 * Records only what changes: the settings (SiteSettingsChanged) and the brand name or custom
 * domain (SiteIdentityChanged); nothing changes → no event. A domain another site answers to is
 * refused, so that a host always names one site.
 */
export function decideChangeSiteSettings(command: ChangeSiteSettings, state: Site): SiteEvent[] {
  if (!state.exists) throw notFound('No such site');
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(command.changes) as [keyof SiteSettings, unknown][]) {
    if (!(key in state.settings)) throw validation(`Unknown site setting ${key}`);
    const checked = checkSiteSetting(key, value);
    if (!checked.ok) throw validation(checked.message);
    if (state.settings[key] !== checked.value) changes[key] = checked.value;
  }
  const identity: { name?: string; DomainName?: string | null } = {};
  if (command.name !== undefined) {
    const name = checkBrandName(command.name);
    if (!name.ok) throw validation(name.message);
    if (name.value !== state.name) identity.name = name.value;
  }
  if (command.DomainName !== undefined) {
    const domain = command.DomainName === null || command.DomainName.trim() === '' ? null : parseSiteDomain(command.DomainName);
    if (domain && command.domainOwner && command.domainOwner !== command.siteId) throw conflict(SITE_MESSAGES.domainTaken);
    if (domain !== state.DomainName) identity.DomainName = domain;
  }
  const events: SiteEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'SiteSettingsChanged', data: { siteId: command.siteId, changes: changes as Partial<SiteSettings> } });
  if (Object.keys(identity).length > 0) events.push({ type: 'SiteIdentityChanged', data: { siteId: command.siteId, ...identity } });
  return events;
}

export const changeSiteSettingsDecider: Decider<Site, ChangeSiteSettings, SiteEvent> = {
  initialState: initialSite,
  evolve: evolveSite,
  decide: decideChangeSiteSettings,
};
