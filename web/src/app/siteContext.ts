import { createContext } from 'react';
import { publicConfig, siteInfo } from '../api/site';
import type { PublicConfig, SiteInfo } from '../../../src/contract/site';

/** The current site's public settings and the server's public configuration, asked for once at start. */
export type SiteState = { readonly ready: boolean; readonly site: SiteInfo | null; readonly config: PublicConfig };

export const NO_CONFIG: PublicConfig = { mapStyleUrl: null, googleClientId: null, facebookAppId: null };

let pending: Promise<Omit<SiteState, 'ready'>> | null = null;
export const loadSite = (): Promise<Omit<SiteState, 'ready'>> =>
  (pending ??= Promise.all([siteInfo().catch(() => null), publicConfig().catch(() => NO_CONFIG)]).then(([site, config]) => ({ site, config })));

export const SiteContext = createContext<SiteState>({ ready: false, site: null, config: NO_CONFIG });
