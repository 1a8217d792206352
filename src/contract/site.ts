/** What the web app learns about the site it is on and the server's public settings. */

import { z } from 'zod';

/** GET /api/site (the accounts issue): the site this host serves and its public settings. */
export type SiteInfo = {
  readonly siteId: string;
  readonly name: string;
  readonly subdomain: string;
  readonly kind: 'broker' | 'agent' | 'brand';
  readonly DomainName: string | null;
  readonly isDefault: boolean;
  /** Branded sites hand search off to their master site at baseUrl. */
  readonly masterSite: { readonly siteId: string; readonly subdomain: string; readonly baseUrl: string } | null;
  readonly settings: Readonly<Record<string, unknown>>;
};

/** GET /api/config/public: server settings the web app needs (nothing secret). */
export const PublicConfigSchema = z.strictObject({
  /** An online maplibre style; null: the offline basemap of US states and counties. */
  mapStyleUrl: z.string().nullable(),
  /** Google sign-in's client id; null: the site offers no Google button. */
  googleClientId: z.string().nullable(),
  /** Facebook's app id; null: the site offers no Facebook button. */
  facebookAppId: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
