import type { SiteSettings } from '../../contract/site-settings';

export type { SiteSettings };

export const defaultSiteSettings: SiteSettings = {
  Registration_AllowPartialName: false,
  Registration_SocialWithoutPhone: false,
  SearchRequiresAccept: false,
  PromptLevel: 1,
  PromptPages: 0,
  PromptViews: 3,
  On_MultiLineNav: false,
  MMSBulkSendCap: 50,
  PrimaryColor: '#0b6b57',
  AccentColor: '#f5b53d',
  LogoUrl: null,
  Disclaimer: '',
  LenderUrl: null,
  LenderName: '',
};

/** broker: a broker's office site (leads round robin); agent: one agent's own site; brand: hands search to a master site. */
export type SiteKind = 'broker' | 'agent' | 'brand';

export type SiteCreated = {
  readonly type: 'SiteCreated';
  readonly data: {
    readonly siteId: string;
    readonly subdomain: string;
    readonly name: string;
    readonly kind: SiteKind;
    readonly ownerUserId: string;
    readonly DomainName: string | null;
    readonly masterSiteId: string | null;
    readonly isDefault: boolean;
    readonly settings: SiteSettings;
  };
};

/** Only the settings that changed, with their new values. */
export type SiteSettingsChanged = {
  readonly type: 'SiteSettingsChanged';
  readonly data: { readonly siteId: string; readonly changes: Partial<SiteSettings> };
};

/** The brand name or the custom domain changed (only what changed; DomainName null: none). */
export type SiteIdentityChanged = {
  readonly type: 'SiteIdentityChanged';
  readonly data: { readonly siteId: string; readonly name?: string; readonly DomainName?: string | null };
};

/** How the owner proved control of the custom domain: the TXT record or the well-known file. */
export type DomainProof = 'dns' | 'file';

/** The server found the proof for this DomainName: the site answers on it from now on. */
export type SiteDomainVerified = {
  readonly type: 'SiteDomainVerified';
  readonly data: { readonly siteId: string; readonly DomainName: string; readonly proof: DomainProof };
};

/** A check of this DomainName found no proof (why, in words the broker can act on). */
export type SiteDomainVerificationFailed = {
  readonly type: 'SiteDomainVerificationFailed';
  readonly data: { readonly siteId: string; readonly DomainName: string; readonly reason: string };
};

export type SiteEvent = SiteCreated | SiteSettingsChanged | SiteIdentityChanged | SiteDomainVerified | SiteDomainVerificationFailed;
export const siteEventTypes = ['SiteCreated', 'SiteSettingsChanged', 'SiteIdentityChanged', 'SiteDomainVerified', 'SiteDomainVerificationFailed'] as const satisfies readonly SiteEvent['type'][];

/**
 * Where the custom domain stands: pending until its owner proves control of it, verified (the
 * site answers on it), failed (the last check found no proof: reason). null: no custom domain.
 */
export type DomainStatus = 'pending' | 'verified' | 'failed';
export type DomainCheckState = { readonly domainStatus: DomainStatus | null; readonly domainReason: string | null };
