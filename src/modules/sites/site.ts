import { assertNever } from '../../shared/errors';
import { defaultSiteSettings, defaultStyleChoices, type DomainCheckState, type SiteCreated, type SiteEvent, type SiteStyleChoices } from './sites.events';

export type Site = { readonly exists: false } | ({ readonly exists: true } & SiteCreated['data'] & DomainCheckState & { readonly styles: SiteStyleChoices });

/** A domain just set (or given at creation) waits for its proof; no domain, nothing to check. */
const freshCheck = (domain: string | null): DomainCheckState => ({ domainStatus: domain ? 'pending' : null, domainReason: null });

export const initialSite = (): Site => ({ exists: false });

export function evolveSite(state: Site, event: SiteEvent): Site {
  switch (event.type) {
    case 'SiteCreated':
      // Sites created before a setting existed have its default.
      return {
        exists: true,
        ...event.data,
        settings: { ...defaultSiteSettings, ...event.data.settings },
        ...freshCheck(event.data.DomainName),
        styles: defaultStyleChoices,
      };
    case 'SiteSettingsChanged':
      return state.exists ? { ...state, settings: { ...state.settings, ...event.data.changes } } : state;
    case 'SiteIdentityChanged':
      if (!state.exists) return state;
      return event.data.DomainName === undefined ? { ...state, ...event.data } : { ...state, ...event.data, ...freshCheck(event.data.DomainName) };
    case 'SiteDomainVerified':
      // A proof counts only for the domain it was made for (the domain may have changed since).
      return state.exists && state.DomainName === event.data.DomainName ? { ...state, domainStatus: 'verified', domainReason: null } : state;
    case 'SiteDomainVerificationFailed':
      return state.exists && state.DomainName === event.data.DomainName ? { ...state, domainStatus: 'failed', domainReason: event.data.reason } : state;
    case 'SiteColorPaletteChosen': {
      if (!state.exists) return state;
      const { palette, primary, accent } = event.data;
      return { ...state, settings: { ...state.settings, PrimaryColor: primary, AccentColor: accent }, styles: { ...state.styles, palette } };
    }
    case 'SiteFontPackChosen':
      return state.exists ? { ...state, styles: { ...state.styles, pack: event.data.pack } } : state;
    case 'SiteHomeCoverChanged': {
      if (!state.exists) return state;
      const { siteId: _site, ...cover } = event.data;
      return { ...state, styles: { ...state.styles, cover } };
    }
    default:
      return assertNever(event);
  }
}

export const siteStream = (siteId: string) => `site-${siteId}`;
