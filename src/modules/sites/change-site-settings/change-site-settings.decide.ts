import type { Decider } from '../../../commands/decider';
import { conflict, notFound, validation } from '../../../shared/errors';
import { evolveSite, initialSite, type Site } from '../site';
import type { SiteEvent, SiteSettings } from '../sites.events';
import { normalizeDomain, SITE_MESSAGES, SITE_SETTING_RANGES } from '../../../contract/site-settings';

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

const INTEGER_RANGES: Partial<Record<keyof SiteSettings, readonly [number, number]>> = SITE_SETTING_RANGES;
const COLOURS: readonly (keyof SiteSettings)[] = ['PrimaryColor', 'AccentColor'];
const COLOUR = /^#[0-9a-f]{6}$/;
const LOGO = /^(\/uploads\/[A-Za-z0-9._-]{1,200}|https:\/\/[^\s"'<>]{1,490})$/;
export const DISCLAIMER_MAX = 2000;
export const BRAND_NAME_MAX = 80;

export function parseSiteDomain(domain: string): string {
  const d = normalizeDomain(domain);
  if (!d) throw validation(SITE_MESSAGES.domain);
  return d;
}

/** One setting's value as stored, or the message that refuses it. */
function checkSetting(key: keyof SiteSettings, value: unknown): unknown {
  const range = INTEGER_RANGES[key];
  if (range) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
      throw validation(`${key} must be a whole number from ${range[0]} to ${range[1]}`);
    }
    return value;
  }
  if (COLOURS.includes(key)) {
    const colour = typeof value === 'string' ? value.trim().toLowerCase() : '';
    if (!COLOUR.test(colour)) throw validation(`${key} ${SITE_MESSAGES.colour}`);
    return colour;
  }
  if (key === 'LogoUrl') {
    const url = typeof value === 'string' ? value.trim() : value;
    if (url === null || url === '') return null;
    if (typeof url !== 'string' || !LOGO.test(url)) throw validation(SITE_MESSAGES.logo);
    return url;
  }
  if (key === 'Disclaimer') {
    if (typeof value !== 'string') throw validation('Disclaimer must be text');
    const text = value.trim();
    if (text.length > DISCLAIMER_MAX) throw validation(SITE_MESSAGES.disclaimer);
    return text;
  }
  if (typeof value !== 'boolean') throw validation(`${key} must be true or false`);
  return value;
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
    const checked = checkSetting(key, value);
    if (state.settings[key] !== checked) changes[key] = checked;
  }
  const identity: { name?: string; DomainName?: string | null } = {};
  if (command.name !== undefined) {
    const name = command.name.trim().replace(/\s+/g, ' ');
    if (!name) throw validation(SITE_MESSAGES.nameRequired);
    if (name.length > BRAND_NAME_MAX) throw validation(SITE_MESSAGES.nameTooLong);
    if (name !== state.name) identity.name = name;
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
