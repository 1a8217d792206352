import { assertNever } from '../../shared/errors';
import type { SiteCreated, SiteEvent } from './sites.events';

export type Site = { readonly exists: false } | ({ readonly exists: true } & SiteCreated['data']);

export const initialSite = (): Site => ({ exists: false });

export function evolveSite(_state: Site, event: SiteEvent): Site {
  switch (event.type) {
    case 'SiteCreated':
      return { exists: true, ...event.data };
    default:
      return assertNever(event.type);
  }
}

export const siteStream = (siteId: string) => `site-${siteId}`;
