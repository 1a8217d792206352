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

export type SiteEvent = SiteCreated | SiteSettingsChanged | SiteIdentityChanged;
export const siteEventTypes = ['SiteCreated', 'SiteSettingsChanged', 'SiteIdentityChanged'] as const satisfies readonly SiteEvent['type'][];
