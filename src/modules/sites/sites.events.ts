/** Site settings named by the product description (section 3). */
export type SiteSettings = {
  readonly Registration_AllowPartialName: boolean;
  readonly Registration_SocialWithoutPhone: boolean;
  readonly SearchRequiresAccept: boolean;
  /** 0 never prompts; 1 or lower lets the visitor dismiss the prompt. */
  readonly PromptLevel: number;
  /** 0 all pages except account, 1 details only, 2 search only, 3 details and search. */
  readonly PromptPages: 0 | 1 | 2 | 3;
  readonly PromptViews: number;
  readonly On_MultiLineNav: boolean;
  readonly MMSBulkSendCap: number;
  /** Branding of the public site: header colour, accent (buttons, links), logo, footer disclaimer. */
  readonly PrimaryColor: string;
  readonly AccentColor: string;
  /** An uploaded image (/uploads/...) or an https address; null: the site's name alone. */
  readonly LogoUrl: string | null;
  /** Plain text under every public page (brokerage licence, equal housing notice...). */
  readonly Disclaimer: string;
  /** The lender product: an application link (https) shown on the seller suite, contact and listing pages; null: none. */
  readonly LenderUrl: string | null;
  readonly LenderName: string;
};

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
