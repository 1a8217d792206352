/**
 * Site settings as the dashboard edits them (contract section 9, spec section 3): the shape of
 * GET/PATCH /api/dashboard/sites/{siteId}/settings, the messages that refuse a value and the DNS
 * records a custom domain needs. No Node or Nest imports: web/ imports this file.
 */

export const SITE_MESSAGES = {
  colour: 'must be a colour written #rrggbb',
  logo: 'The logo must be an uploaded image or an https:// address',
  disclaimer: 'The disclaimer is at most 2,000 characters',
  nameRequired: 'Please enter the brand name',
  nameTooLong: 'The brand name is at most 80 characters',
  domain: 'Please enter a valid domain name',
  domainTaken: 'Another site already uses this domain',
  domainPlatform: "This address belongs to the platform or one of its sites' subdomains; enter a domain you own",
  noDomain: 'This site has no custom domain to verify',
  domainChanged: 'The custom domain changed meanwhile; reload and verify the new one',
  notYours: 'No such site',
  lenderUrl: 'The lender link must be an https:// address',
  lenderName: 'The lender name is at most 80 characters',
} as const;

/** The settings PATCH takes besides name and DomainName, with what the form offers. */
export const SITE_SETTING_RANGES = {
  PromptLevel: [0, 9],
  PromptPages: [0, 3],
  PromptViews: [0, 10_000],
  MMSBulkSendCap: [1, 100_000],
} as const;

/** Site settings named by the product description (section 3), plus branding and the lender link. */
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

/** GET/PATCH answer: the site's identity, its settings and the DNS records its custom domain needs. */
export type SiteSettingsView = SiteSettings & {
  readonly siteId: string;
  readonly subdomain: string;
  readonly kind: 'broker' | 'agent' | 'brand';
  readonly isDefault: boolean;
  /** The brand name. */
  readonly name: string;
  readonly DomainName: string | null;
  /** What to set at the domain's DNS host for DomainName to reach this site (empty without one). */
  readonly dnsRecords: readonly DnsRecordToSet[];
  /** How to prove control of DomainName and where that stands (null without one). */
  readonly domainVerification: DomainVerificationView | null;
};

/**
 * A custom domain serves the site only once its owner proved control of it: a TXT record
 * (txtName holding token) or a file at filePath on the domain holding token.
 */
export type DomainVerificationView = {
  readonly status: 'pending' | 'verified' | 'failed';
  /** Why the last check failed (status failed), else null. */
  readonly reason: string | null;
  readonly token: string;
  readonly txtName: string;
  readonly filePath: string;
};

/** The TXT record name and the well-known file path that prove control of a domain. */
export const domainProofPlaces = (domain: string, token: string) => ({
  txtName: `_porchlight.${domain}`,
  filePath: `/.well-known/porchlight-verification/${token}`,
});

/** The fields PATCH accepts (each optional). */
export type SiteSettingsPatch = Partial<Omit<SiteSettingsView, 'siteId' | 'subdomain' | 'kind' | 'isDefault' | 'dnsRecords' | 'domainVerification'>>;

/** GET /api/dashboard/sites: the sites the viewer may edit. */
export type EditableSite = { readonly siteId: string; readonly name: string; readonly subdomain: string; readonly DomainName: string | null };

export type DnsRecordToSet = { readonly type: 'CNAME' | 'ALIAS'; readonly name: string; readonly value: string; readonly note: string };

const COLOUR = /^#[0-9a-f]{6}$/;
const HTTPS = /^https:\/\/[^\s"'<>]{1,490}$/;
const LOGO = /^(\/uploads\/[A-Za-z0-9._-]{1,200}|https:\/\/[^\s"'<>]{1,490})$/;
export const DISCLAIMER_MAX = 2000;
export const BRAND_NAME_MAX = 80;
const BOOLEANS = ['Registration_AllowPartialName', 'Registration_SocialWithoutPhone', 'SearchRequiresAccept', 'On_MultiLineNav'] as const;

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

/** An address matching the pattern, or empty (stored as null). */
function optionalAddress(value: unknown, pattern: RegExp, message: string): Checked {
  const url = typeof value === 'string' ? value.trim() : value;
  if (url === null || url === '') return { ok: true, value: null };
  return typeof url === 'string' && pattern.test(url) ? { ok: true, value: url } : { ok: false, message };
}

/** Text of at most max characters, trimmed (and tidied). */
function boundedText(key: string, value: unknown, max: number, message: string, tidy: (t: string) => string): Checked {
  if (typeof value !== 'string') return { ok: false, message: `${key} must be text` };
  const text = tidy(value.trim());
  return text.length > max ? { ok: false, message } : { ok: true, value: text };
}

/**
 * One setting's value as stored, or the message that refuses it (shared by the server's decider
 * and the dashboard's form, so both say the same).
 */
export function checkSiteSetting(key: string, value: unknown): Checked {
  const range = (SITE_SETTING_RANGES as Record<string, readonly [number, number]>)[key];
  if (range) {
    const ok = typeof value === 'number' && Number.isInteger(value) && value >= range[0] && value <= range[1];
    return ok ? { ok, value } : { ok, message: `${key} must be a whole number from ${range[0]} to ${range[1]}` };
  }
  if (key === 'PrimaryColor' || key === 'AccentColor') {
    const colour = typeof value === 'string' ? value.trim().toLowerCase() : '';
    return COLOUR.test(colour) ? { ok: true, value: colour } : { ok: false, message: `${key} ${SITE_MESSAGES.colour}` };
  }
  if (key === 'LogoUrl') return optionalAddress(value, LOGO, SITE_MESSAGES.logo);
  if (key === 'LenderUrl') return optionalAddress(value, HTTPS, SITE_MESSAGES.lenderUrl);
  if (key === 'Disclaimer') return boundedText(key, value, DISCLAIMER_MAX, SITE_MESSAGES.disclaimer, (t) => t);
  if (key === 'LenderName') return boundedText(key, value, BRAND_NAME_MAX, SITE_MESSAGES.lenderName, (t) => t.replace(/\s+/g, ' '));
  if ((BOOLEANS as readonly string[]).includes(key))
    return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: `${key} must be true or false` };
  return { ok: false, message: `Unknown site setting ${key}` };
}

/** The brand name as stored, or the message that refuses it. */
export function checkBrandName(name: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = name.trim().replace(/\s+/g, ' ');
  if (!value) return { ok: false, message: SITE_MESSAGES.nameRequired };
  return value.length > BRAND_NAME_MAX ? { ok: false, message: SITE_MESSAGES.nameTooLong } : { ok: true, value };
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain name as stored (lower case, no scheme, no trailing dot), or null when it is not one. */
export function normalizeDomain(domain: string): string | null {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  return HOSTNAME.test(d) ? d : null;
}

/**
 * The records that point a custom domain at the product's host: a CNAME for a sub-domain
 * (homes.example.com); an apex (example.com) cannot hold a CNAME, so an ALIAS/ANAME there and
 * a CNAME for its www.
 */
export function dnsRecordsFor(domain: string | null, targetHost: string): DnsRecordToSet[] {
  if (!domain) return [];
  const apex = domain.split('.').length === 2;
  if (!apex) return [{ type: 'CNAME', name: domain, value: targetHost, note: 'Points the domain at this site' }];
  return [
    { type: 'ALIAS', name: domain, value: targetHost, note: 'ALIAS or ANAME (some DNS hosts call it CNAME flattening): the bare domain' },
    { type: 'CNAME', name: `www.${domain}`, value: targetHost, note: 'The www. address' },
  ];
}
