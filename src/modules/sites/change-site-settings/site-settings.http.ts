import { sitesEditableBy, siteIdForDomain, type SiteView } from '../../../../projections/sites';
import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { dnsRecordsFor, domainProofPlaces, type DomainVerificationView, type EditableSite, normalizeDomain, SITE_MESSAGES, type SiteSettingsView } from '../../../contract/site-settings';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound, validation } from '../../../shared/errors';
import { editableSite, editorOf } from '../site-editor';
import { commandContextOf } from '../../../commands/request-context';
import type { SiteEvent, SiteSettings } from '../sites.events';
import type { Site } from '../site';
import type { CommandResult } from '../../../commands/handle-command';
import { SiteResolver } from '../resolve-site/site-resolver';
import { DomainProofCheck } from '../verify-site-domain/domain-proof-check';
import { domainToken } from '../verify-site-domain/domain-token';
import { VerifySiteDomainCommand } from '../verify-site-domain/verify-site-domain.command';
import { ChangeSiteSettingsCommand } from './change-site-settings.command';

// Types, ranges and formats are the decider's to check, with its messages ('must be true or false').
const bool = z.unknown();
const int = z.unknown();
/** Every field of spec section 3 the dashboard edits. */
const SettingsBody = z.strictObject({
  name: z.string().max(200).optional(),
  DomainName: z.string().max(253).nullable().optional(),
  Registration_AllowPartialName: bool.optional(),
  Registration_SocialWithoutPhone: bool.optional(),
  SearchRequiresAccept: bool.optional(),
  PromptLevel: int.optional(),
  PromptPages: int.optional(),
  PromptViews: int.optional(),
  On_MultiLineNav: bool.optional(),
  MMSBulkSendCap: int.optional(),
  PrimaryColor: z.string().max(20).optional(),
  AccentColor: z.string().max(20).optional(),
  LogoUrl: z.string().max(500).nullable().optional(),
  Disclaimer: z.string().max(4000).optional(),
  LenderUrl: z.string().max(500).nullable().optional(),
  LenderName: z.string().max(200).optional(),
});

const READ_MODEL_WAIT_MS = 3_000;

/**
 * Site settings (contract section 9, spec section 3): a broker for their sites, staff for all;
 * anyone else is told there is no such site (404). A change is answered once the sites read
 * model has it, so the public site (GET /api/site, the host resolver) acts on it at once.
 */
@Controller('api/dashboard/sites')
export class SiteSettingsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DomainProofCheck) private readonly proofs: DomainProofCheck,
  ) {}

  @Get('editable')
  @ApiDoc({ summary: 'The sites the viewer may edit', tag: 'Dashboard: sites', access: 'brokers (their sites), staff (all)', responses: { 200: '{sites:[{siteId, name, subdomain, DomainName}]}' } })
  async list(@Req() req: Request): Promise<{ sites: EditableSite[] }> {
    const editor = editorOf(req);
    const sites = editor.staff || editor.broker ? await sitesEditableBy(this.pool, editor.staff ? null : editor.userId) : [];
    return { sites: sites.map((s) => ({ siteId: s.siteId, name: s.name, subdomain: s.subdomain, DomainName: s.DomainName })) };
  }

  @Get(':siteId/settings')
  @ApiDoc({ summary: "A site's settings (spec section 3) and the DNS records its custom domain needs", tag: 'Dashboard: sites', access: 'brokers (their sites), staff (all)', responses: { 200: 'SiteSettingsView', 404: 'not a site the viewer may edit' } })
  async get(@Param('siteId') siteId: string, @Req() req: Request): Promise<SiteSettingsView> {
    return this.view(await this.editable(req, siteId));
  }

  @Patch(':siteId/settings')
  @ApiDoc({ summary: "Change a site's settings (SiteSettingsChanged, SiteIdentityChanged); a new custom domain waits for verification", tag: 'Dashboard: sites', access: 'brokers (their sites), staff (all)', body: SettingsBody, responses: { 200: 'SiteSettingsView', 400: '{message}', 404: 'not a site the viewer may edit', 409: `${SITE_MESSAGES.domainTaken}; ${SITE_MESSAGES.domainPlatform}` } })
  async change(@Param('siteId') siteId: string, @Body() body: unknown, @Req() req: Request): Promise<SiteSettingsView> {
    const site = await this.editable(req, siteId);
    const { name, DomainName, ...changes } = parseBody(SettingsBody, body);
    const asked = DomainName ? normalizeDomain(DomainName) : null;
    const domainOwner = asked ? await siteIdForDomain(this.pool, asked) : null;
    const { state } = await this.commands.execute<ChangeSiteSettingsCommand, CommandResult<Site, SiteEvent>>(
      new ChangeSiteSettingsCommand({ siteId: site.siteId, changes: changes as Partial<SiteSettings>, name, DomainName, domainOwner, platformHost: this.platformHost() }, commandContextOf(req)),
    );
    if (!state.exists) throw notFound(SITE_MESSAGES.notYours);
    await this.readModelHas(state);
    return this.view(state);
  }

  @Post(':siteId/domain/verify')
  @HttpCode(200)
  @ApiDoc({ summary: "Check now for the proof of the site's custom domain (TXT record or well-known file): SiteDomainVerified or SiteDomainVerificationFailed", tag: 'Dashboard: sites', access: 'brokers (their sites), staff (all)', responses: { 200: 'SiteSettingsView (domainVerification.status verified, or failed with the reason)', 400: SITE_MESSAGES.noDomain, 404: 'not a site the viewer may edit', 409: `${SITE_MESSAGES.domainTaken}; ${SITE_MESSAGES.domainChanged}` } })
  async verifyDomain(@Param('siteId') siteId: string, @Req() req: Request): Promise<SiteSettingsView> {
    const site = await this.editable(req, siteId);
    if (!site.DomainName) throw validation(SITE_MESSAGES.noDomain);
    if (site.domainStatus === 'verified') return this.view(site);
    const outcome = await this.proofs.check(site.siteId, site.DomainName);
    const domainOwner = await siteIdForDomain(this.pool, site.DomainName);
    const { state } = await this.commands.execute<VerifySiteDomainCommand, CommandResult<Site, SiteEvent>>(
      new VerifySiteDomainCommand({ siteId: site.siteId, DomainName: site.DomainName, outcome, domainOwner }, commandContextOf(req)),
    );
    if (!state.exists) throw notFound(SITE_MESSAGES.notYours);
    await this.readModelHas(state);
    return this.view(state);
  }

  private platformHost(): string {
    return new URL(this.config.publicUrl).hostname;
  }

  private editable(req: Request, siteId: string): Promise<SiteView> {
    return editableSite(this.sites, req, siteId);
  }

  /** Waits (briefly) until the read model shows the site as the write side has it, then drops the host cache. */
  private async readModelHas(state: SiteView): Promise<void> {
    const deadline = Date.now() + READ_MODEL_WAIT_MS;
    const want = JSON.stringify(this.view(state));
    for (;;) {
      const now = await this.sites.byId(state.siteId);
      if ((now && JSON.stringify(this.view(now)) === want) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    this.sites.invalidate();
  }

  private domainVerification(site: SiteView): DomainVerificationView | null {
    if (!site.DomainName || !site.domainStatus) return null;
    const token = domainToken(site.siteId, site.DomainName);
    return { status: site.domainStatus, reason: site.domainReason, token, ...domainProofPlaces(site.DomainName, token) };
  }

  private view(site: SiteView): SiteSettingsView {
    return {
      ...site.settings,
      siteId: site.siteId,
      subdomain: site.subdomain,
      kind: site.kind,
      isDefault: site.isDefault,
      name: site.name,
      DomainName: site.DomainName,
      dnsRecords: dnsRecordsFor(site.DomainName, this.platformHost()),
      domainVerification: this.domainVerification(site),
    };
  }
}
