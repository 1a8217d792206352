import { z } from 'zod';
import { FONT_PACK_IDS, PALETTE_IDS, type SiteStylesView } from '../site-styles';
import type { EditableSite, SiteSettingsView } from '../site-settings';
import type { SiteInfo } from '../site';
import { routes } from '../route';

const EDITORS = 'brokers (their sites), staff (all)';
const STYLES = 'Site styles';
const SETTINGS = 'Dashboard: sites';
const SiteParams = z.strictObject({ siteId: z.string() });

const ColorPaletteSchema = z.strictObject({ palette: z.enum([...PALETTE_IDS, 'custom']), primary: z.string(), accent: z.string() });
const FontPackSchema = z.strictObject({ pack: z.enum(FONT_PACK_IDS) });
const HomeCoverSchema = z.strictObject({ imageUrl: z.string().nullable(), headline: z.string(), subline: z.string() });
const SiteStylesSchema = z.strictObject({
  colorpalette: ColorPaletteSchema,
  fontpack: FontPackSchema,
  homecover: HomeCoverSchema,
}) satisfies z.ZodType<SiteStylesView>;

const siteKind = z.enum(['broker', 'agent', 'brand']);
const DnsRecordSchema = z.strictObject({ type: z.enum(['CNAME', 'ALIAS']), name: z.string(), value: z.string(), note: z.string() });
const DomainVerificationSchema = z.strictObject({
  status: z.enum(['pending', 'verified', 'failed']),
  reason: z.string().nullable(),
  token: z.string(),
  txtName: z.string(),
  filePath: z.string(),
});
const SiteSettingsSchema = z.strictObject({
  Registration_AllowPartialName: z.boolean(),
  Registration_SocialWithoutPhone: z.boolean(),
  SearchRequiresAccept: z.boolean(),
  PromptLevel: z.number(),
  PromptPages: z.literal([0, 1, 2, 3]),
  PromptViews: z.number(),
  On_MultiLineNav: z.boolean(),
  MMSBulkSendCap: z.number(),
  PrimaryColor: z.string(),
  AccentColor: z.string(),
  LogoUrl: z.string().nullable(),
  Disclaimer: z.string(),
  LenderUrl: z.string().nullable(),
  LenderName: z.string(),
  siteId: z.string(),
  subdomain: z.string(),
  kind: siteKind,
  isDefault: z.boolean(),
  name: z.string(),
  DomainName: z.string().nullable(),
  dnsRecords: z.array(DnsRecordSchema).readonly(),
  domainVerification: DomainVerificationSchema.nullable(),
}) satisfies z.ZodType<SiteSettingsView>;
const EditableSiteSchema = z.strictObject({
  siteId: z.string(),
  name: z.string(),
  subdomain: z.string(),
  DomainName: z.string().nullable(),
}) satisfies z.ZodType<EditableSite>;

// Types, ranges and formats are the decider's to check, with its messages ('must be true or false').
const setting = z.unknown();
/** Every field of spec section 3 the dashboard edits. */
const SettingsPatch = z.strictObject({
  name: z.string().max(200).optional(),
  DomainName: z.string().max(253).nullable().optional(),
  Registration_AllowPartialName: setting.optional(),
  Registration_SocialWithoutPhone: setting.optional(),
  SearchRequiresAccept: setting.optional(),
  PromptLevel: setting.optional(),
  PromptPages: setting.optional(),
  PromptViews: setting.optional(),
  On_MultiLineNav: setting.optional(),
  MMSBulkSendCap: setting.optional(),
  PrimaryColor: z.string().max(20).optional(),
  AccentColor: z.string().max(20).optional(),
  LogoUrl: z.string().max(500).nullable().optional(),
  Disclaimer: z.string().max(4000).optional(),
  LenderUrl: z.string().max(500).nullable().optional(),
  LenderName: z.string().max(200).optional(),
});

const SiteInfoSchema = z.strictObject({
  siteId: z.string(),
  name: z.string(),
  subdomain: z.string(),
  kind: siteKind,
  DomainName: z.string().nullable(),
  isDefault: z.boolean(),
  masterSite: z.strictObject({ siteId: z.string(), subdomain: z.string(), baseUrl: z.string() }).nullable(),
  settings: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<SiteInfo>;

/** The site a host serves, its settings (contract section 9) and its styles (the /api/castle/styles family). */
export const sitesRoutes = routes('sites', {
  current: {
    method: 'GET',
    path: 'api/site',
    summary: 'The current site and the settings the public pages act on (prompts, gates, navigation)',
    tag: 'site',
    access: 'anyone',
    responses: { 200: SiteInfoSchema },
  },
  styles: {
    method: 'GET',
    path: 'api/castle/styles',
    summary: "The request's site's styles: colour palette, font pack, home cover",
    tag: STYLES,
    access: 'anyone',
    responses: { 200: SiteStylesSchema },
  },
  stylesheet: {
    method: 'GET',
    path: 'api/castle/styles/site.css',
    summary: "The request's site's styles as CSS custom properties on :root (--brand, --accent, --font-body, --font-heading...)",
    tag: STYLES,
    access: 'anyone',
    produces: 'text/css',
    responses: { 200: z.string() },
  },
  siteStyles: {
    method: 'GET',
    path: 'api/castle/styles/:siteId',
    summary: "A site's styles, to edit them",
    tag: STYLES,
    access: EDITORS,
    params: SiteParams,
    responses: { 200: SiteStylesSchema },
  },
  siteStyle: {
    method: 'GET',
    path: 'api/castle/styles/:siteId/:part',
    summary: "One of a site's styles (colorpalette, fontpack or homecover)",
    tag: STYLES,
    access: EDITORS,
    params: z.strictObject({ siteId: z.string(), part: z.string() }),
    responses: { 200: z.union([ColorPaletteSchema, FontPackSchema, HomeCoverSchema]) },
  },
  // Which palette, pack or address is allowed, and the contrast rule, are the decider's to check, with its messages.
  choosePalette: {
    method: 'PUT',
    path: 'api/castle/styles/:siteId/colorpalette',
    summary: 'Choose a curated palette, or custom primary and accent colours (SiteColorPaletteChosen); colours whose text fails WCAG AA contrast are refused',
    tag: STYLES,
    access: EDITORS,
    params: SiteParams,
    body: z.strictObject({ palette: z.string().max(40), primary: z.string().max(20).optional(), accent: z.string().max(20).optional() }),
    responses: { 200: SiteStylesSchema },
  },
  chooseFontPack: {
    method: 'PUT',
    path: 'api/castle/styles/:siteId/fontpack',
    summary: 'Choose a font pack (SiteFontPackChosen)',
    tag: STYLES,
    access: EDITORS,
    params: SiteParams,
    body: z.strictObject({ pack: z.string().max(40) }),
    responses: { 200: SiteStylesSchema },
  },
  setHomeCover: {
    method: 'PUT',
    path: 'api/castle/styles/:siteId/homecover',
    summary: "Set the home page's cover: an uploaded image, a headline, a sub-line (SiteHomeCoverChanged)",
    tag: STYLES,
    access: EDITORS,
    params: SiteParams,
    body: z.strictObject({
      imageUrl: z.string().max(300).nullable().optional(),
      headline: z.string().max(1000).optional(),
      subline: z.string().max(1000).optional(),
    }),
    responses: { 200: SiteStylesSchema },
  },
  editable: {
    method: 'GET',
    path: 'api/dashboard/sites/editable',
    summary: 'The sites the viewer may edit',
    tag: SETTINGS,
    access: EDITORS,
    responses: { 200: z.strictObject({ sites: z.array(EditableSiteSchema) }) },
  },
  settings: {
    method: 'GET',
    path: 'api/dashboard/sites/:siteId/settings',
    summary: "A site's settings (spec section 3) and the DNS records its custom domain needs",
    tag: SETTINGS,
    access: EDITORS,
    params: SiteParams,
    responses: { 200: SiteSettingsSchema },
  },
  changeSettings: {
    method: 'PATCH',
    path: 'api/dashboard/sites/:siteId/settings',
    summary:
      "Change a site's settings (SiteSettingsChanged, SiteIdentityChanged); a new custom domain waits for verification (409: the domain is another site's or the platform's)",
    tag: SETTINGS,
    access: EDITORS,
    params: SiteParams,
    body: SettingsPatch,
    responses: { 200: SiteSettingsSchema },
  },
  verifyDomain: {
    method: 'POST',
    path: 'api/dashboard/sites/:siteId/domain/verify',
    summary: "Check now for the proof of the site's custom domain (TXT record or well-known file): SiteDomainVerified or SiteDomainVerificationFailed",
    tag: SETTINGS,
    access: EDITORS,
    params: SiteParams,
    responses: { 200: SiteSettingsSchema },
  },
});
