import { sitesEditableBy, siteIdForDomain, type SiteView } from '../../../../projections/sites';
import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import {
  dnsRecordsFor,
  domainProofPlaces,
  type DomainVerificationView,
  type EditableSite,
  normalizeDomain,
  SITE_MESSAGES,
  type SiteSettingsView,
} from '../../../contract/site-settings';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
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

const READ_MODEL_WAIT_MS = 3_000;

/**
 * Site settings (contract section 9, spec section 3): a broker for their sites, staff for all;
 * anyone else is told there is no such site (404). A change is answered once the sites read
 * model has it, so the public site (GET /api/site, the host resolver) acts on it at once.
 */
@Controller()
export class SiteSettingsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DomainProofCheck) private readonly proofs: DomainProofCheck,
  ) {}

  @Route(contract.sites.editable)
  async list(@Req() req: Request): Promise<{ sites: EditableSite[] }> {
    const editor = editorOf(req);
    const sites = editor.staff || editor.broker ? await sitesEditableBy(this.pool, editor.staff ? null : editor.userId) : [];
    return { sites: sites.map((s) => ({ siteId: s.siteId, name: s.name, subdomain: s.subdomain, DomainName: s.DomainName })) };
  }

  @Route(contract.sites.settings)
  async get(@Param('siteId') siteId: string, @Req() req: Request): Promise<SiteSettingsView> {
    return this.view(await this.editable(req, siteId));
  }

  @Route(contract.sites.changeSettings)
  async change(@Param('siteId') siteId: string, @Body() body: BodyOf<typeof contract.sites.changeSettings>, @Req() req: Request): Promise<SiteSettingsView> {
    const site = await this.editable(req, siteId);
    const { name, DomainName, ...changes } = body;
    const asked = DomainName ? normalizeDomain(DomainName) : null;
    const domainOwner = asked ? await siteIdForDomain(this.pool, asked) : null;
    const { state } = await this.commands.execute<ChangeSiteSettingsCommand, CommandResult<Site, SiteEvent>>(
      new ChangeSiteSettingsCommand(
        { siteId: site.siteId, changes: changes as Partial<SiteSettings>, name, DomainName, domainOwner, platformHost: this.platformHost() },
        commandContextOf(req),
      ),
    );
    if (!state.exists) throw notFound(SITE_MESSAGES.notYours);
    await this.readModelHas(state);
    return this.view(state);
  }

  @Route(contract.sites.verifyDomain)
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
