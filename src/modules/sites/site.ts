import { assertNever } from '../../shared/errors';
import { defaultSiteSettings, type SiteCreated, type SiteEvent } from './sites.events';

export type Site = { readonly exists: false } | ({ readonly exists: true } & SiteCreated['data']);

export const initialSite = (): Site => ({ exists: false });

export function evolveSite(state: Site, event: SiteEvent): Site {
  switch (event.type) {
    case 'SiteCreated':
      // Sites created before a setting existed have its default.
      return { exists: true, ...event.data, settings: { ...defaultSiteSettings, ...event.data.settings } };
    case 'SiteSettingsChanged':
      return state.exists ? { ...state, settings: { ...state.settings, ...event.data.changes } } : state;
    case 'SiteIdentityChanged':
      return state.exists ? { ...state, ...event.data } : state;
    default:
      return assertNever(event);
  }
}

export const siteStream = (siteId: string) => `site-${siteId}`;
