import type { SiteSettings } from '../../contract/site-settings';
import { defaultHomeCover, type FontPackId, type HomeCover, type PaletteChoice } from '../../contract/site-styles';

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

/** The broker chose a palette: its colours become the site's PrimaryColor and AccentColor. */
export type SiteColorPaletteChosen = {
  readonly type: 'SiteColorPaletteChosen';
  readonly data: { readonly siteId: string; readonly palette: PaletteChoice; readonly primary: string; readonly accent: string };
};

export type SiteFontPackChosen = {
  readonly type: 'SiteFontPackChosen';
  readonly data: { readonly siteId: string; readonly pack: FontPackId };
};

/** The home page's cover as a whole (image null: none). */
export type SiteHomeCoverChanged = {
  readonly type: 'SiteHomeCoverChanged';
  readonly data: { readonly siteId: string } & HomeCover;
};

export type SiteEvent =
  | SiteCreated
  | SiteSettingsChanged
  | SiteIdentityChanged
  | SiteDomainVerified
  | SiteDomainVerificationFailed
  | SiteColorPaletteChosen
  | SiteFontPackChosen
  | SiteHomeCoverChanged;
export const siteEventTypes = [
  'SiteCreated',
  'SiteSettingsChanged',
  'SiteIdentityChanged',
  'SiteDomainVerified',
  'SiteDomainVerificationFailed',
  'SiteColorPaletteChosen',
  'SiteFontPackChosen',
  'SiteHomeCoverChanged',
] as const satisfies readonly SiteEvent['type'][];

/** What the styles events keep beside the colours (which live in the settings): the palette's name, the font pack, the cover. */
export type SiteStyleChoices = { readonly palette: PaletteChoice | null; readonly pack: FontPackId; readonly cover: HomeCover };
export const defaultStyleChoices: SiteStyleChoices = { palette: null, pack: 'modern', cover: defaultHomeCover };

/**
 * Where the custom domain stands: pending until its owner proves control of it, verified (the
 * site answers on it), failed (the last check found no proof: reason). null: no custom domain.
 */
export type DomainStatus = 'pending' | 'verified' | 'failed';
export type DomainCheckState = { readonly domainStatus: DomainStatus | null; readonly domainReason: string | null };
