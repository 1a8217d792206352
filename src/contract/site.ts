/** What the web app learns about the site it is on and the server's public settings. */

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

/** GET /api/config/public: server settings the web app needs. */
export type PublicConfig = {
  /** An online maplibre style; null: the offline basemap of US states and counties. */
  readonly mapStyleUrl: string | null;
  /** Google sign-in's client id; null: the site offers no Google button. */
  readonly googleClientId?: string | null;
  /** Facebook's app id; null: the site offers no Facebook button. */
  readonly facebookAppId?: string | null;
};
