import { assertNever } from '../../shared/errors';
import type { SiteCreated, SiteEvent } from './sites.events';

export type Site = { readonly exists: false } | ({ readonly exists: true } & SiteCreated['data']);

export const initialSite = (): Site => ({ exists: false });

export function evolveSite(state: Site, event: SiteEvent): Site {
  switch (event.type) {
    case 'SiteCreated':
      return { exists: true, ...event.data };
    case 'SiteSettingsChanged':
      return state.exists ? { ...state, settings: { ...state.settings, ...event.data.changes } } : state;
    default:
      return assertNever(event);
  }
}

export const siteStream = (siteId: string) => `site-${siteId}`;
