import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { evolveSite, initialSite, type Site } from '../site';
import type { SiteEvent, SiteSettings } from '../sites.events';

export type ChangeSiteSettings = { readonly siteId: string; readonly changes: Partial<SiteSettings> };

const INTEGER_RANGES: Partial<Record<keyof SiteSettings, [number, number]>> = {
  PromptLevel: [0, 9],
  PromptPages: [0, 3],
  PromptViews: [0, 10_000],
  MMSBulkSendCap: [1, 100_000],
};

/** Records only the settings whose value changes; nothing changes → no event. */
export function decideChangeSiteSettings(command: ChangeSiteSettings, state: Site): SiteEvent[] {
  if (!state.exists) throw notFound('No such site');
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(command.changes) as [keyof SiteSettings, unknown][]) {
    if (!(key in state.settings)) throw validation(`Unknown site setting ${key}`);
    const range = INTEGER_RANGES[key];
    if (range) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
        throw validation(`${key} must be a whole number from ${range[0]} to ${range[1]}`);
      }
    } else if (typeof value !== 'boolean') {
      throw validation(`${key} must be true or false`);
    }
    if (state.settings[key] !== value) changes[key] = value;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'SiteSettingsChanged', data: { siteId: command.siteId, changes: changes as Partial<SiteSettings> } }];
}

export const changeSiteSettingsDecider: Decider<Site, ChangeSiteSettings, SiteEvent> = {
  initialState: initialSite,
  evolve: evolveSite,
  decide: decideChangeSiteSettings,
};
