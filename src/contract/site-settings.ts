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
  notYours: 'No such site',
} as const;

/** The settings PATCH takes besides name and DomainName, with what the form offers. */
export const SITE_SETTING_RANGES = {
  PromptLevel: [0, 9],
  PromptPages: [0, 3],
  PromptViews: [0, 10_000],
  MMSBulkSendCap: [1, 100_000],
} as const;

export type SiteSettingsView = {
  readonly siteId: string;
  readonly subdomain: string;
  readonly kind: 'broker' | 'agent' | 'brand';
  readonly isDefault: boolean;
  /** The brand name. */
  readonly name: string;
  readonly DomainName: string | null;
  readonly Registration_AllowPartialName: boolean;
  readonly Registration_SocialWithoutPhone: boolean;
  readonly SearchRequiresAccept: boolean;
  readonly PromptLevel: number;
  readonly PromptPages: 0 | 1 | 2 | 3;
  readonly PromptViews: number;
  readonly On_MultiLineNav: boolean;
  readonly MMSBulkSendCap: number;
  readonly PrimaryColor: string;
  readonly AccentColor: string;
  readonly LogoUrl: string | null;
  readonly Disclaimer: string;
  /** What to set at the domain's DNS host for DomainName to reach this site (empty without one). */
  readonly dnsRecords: readonly DnsRecordToSet[];
};

/** The fields PATCH accepts (each optional). */
export type SiteSettingsPatch = Partial<Omit<SiteSettingsView, 'siteId' | 'subdomain' | 'kind' | 'isDefault' | 'dnsRecords'>>;

/** GET /api/dashboard/sites: the sites the viewer may edit. */
export type EditableSite = { readonly siteId: string; readonly name: string; readonly subdomain: string; readonly DomainName: string | null };

export type DnsRecordToSet = { readonly type: 'CNAME' | 'ALIAS'; readonly name: string; readonly value: string; readonly note: string };

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
