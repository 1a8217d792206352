import type { Decider } from '../../../commands/decider';
import { conflict, notFound, validation } from '../../../shared/errors';
import { isPlatformHost } from '../resolve-site/platform-hosts';
import { evolveSite, initialSite, type Site } from '../site';
import type { SiteEvent, SiteSettings } from '../sites.events';
import { checkBrandName, checkSiteSetting, normalizeDomain, SITE_MESSAGES } from '../../../contract/site-settings';
import { checkPaletteContrast } from '../../../contract/site-styles';

export type ChangeSiteSettings = {
  readonly siteId: string;
  readonly changes: Partial<SiteSettings>;
  /** The brand name (the site's name). */
  readonly name?: string;
} & (
  | { readonly DomainName?: undefined }
  | {
      /** The custom domain; null or '' removes it. */
      readonly DomainName: string | null;
      /** Fact from the sites read model: the site that already answers on the asked DomainName (verified, www. counted), if any. */
      readonly domainOwner?: string | null;
      /** The platform's own host (PUBLIC_URL's): it, its www. and every host under it are the platform's. */
      readonly platformHost: string;
    }
);

export function parseSiteDomain(domain: string): string {
  const d = normalizeDomain(domain);
  if (!d) throw validation(SITE_MESSAGES.domain);
  return d;
}

/**
 * Records only what changes: the settings (SiteSettingsChanged) and the brand name or custom
 * domain (SiteIdentityChanged); nothing changes → no event. A domain another site answers on,
 * or one of the platform's own hosts (its subdomains included), is refused: nothing a broker sets
 * may change which site another host serves. A new domain serves the site only once verified.
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
  // Colours set here meet the same WCAG AA rule as a palette chosen in Site styles: this route
  // must not be the way around it.
  if ('PrimaryColor' in changes || 'AccentColor' in changes) {
    const primary = (changes.PrimaryColor as string | undefined) ?? state.settings.PrimaryColor;
    const accent = (changes.AccentColor as string | undefined) ?? state.settings.AccentColor;
    const contrast = checkPaletteContrast(primary, accent);
    if (!contrast.ok) throw validation(contrast.message);
  }
  const identity: { name?: string; DomainName?: string | null } = {};
  if (command.name !== undefined) {
    const name = checkBrandName(command.name);
    if (!name.ok) throw validation(name.message);
    if (name.value !== state.name) identity.name = name.value;
  }
  if (command.DomainName !== undefined) {
    const asked = command.DomainName?.trim() ?? '';
    // The platform's own host is refused as such (409) even where it is no public domain name (localhost, host:port).
    if (asked !== '' && isPlatformHost(asked, command.platformHost)) throw conflict(SITE_MESSAGES.domainPlatform);
    const domain = asked === '' ? null : parseSiteDomain(asked);
    if (domain && isPlatformHost(domain, command.platformHost)) throw conflict(SITE_MESSAGES.domainPlatform);
    if (domain && command.domainOwner && command.domainOwner !== command.siteId) throw conflict(SITE_MESSAGES.domainTaken);
    if (domain !== state.DomainName) identity.DomainName = domain;
  }
  const events: SiteEvent[] = [];
  if (Object.keys(changes).length > 0)
    events.push({ type: 'SiteSettingsChanged', data: { siteId: command.siteId, changes: changes as Partial<SiteSettings> } });
  if (Object.keys(identity).length > 0) events.push({ type: 'SiteIdentityChanged', data: { siteId: command.siteId, ...identity } });
  return events;
}

export const changeSiteSettingsDecider: Decider<Site, ChangeSiteSettings, SiteEvent> = {
  initialState: initialSite,
  evolve: evolveSite,
  decide: decideChangeSiteSettings,
};
