import { siteById, siteForHost, siteIdForDomain } from '../../../../projections/sites';
import { Body, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { dnsRecordsFor, SITE_MESSAGES } from '../../../contract/site-settings';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { conflict, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { LEVEL, loadAccount, parseEmail, userIdByEmail } from '../../accounts';
import { CreateSiteCommand, parseSiteDomain, siteBaseUrl, SiteResolver } from '../../sites';
import { BackofficeController } from '../backoffice-controller';

export const CREATE_SITE_MESSAGES = {
  owner: 'The owner must be an agent or broker account',
  brokerOwner: "A broker's site needs a broker (level 15) as its owner",
  subdomainTaken: 'Another site already uses this subdomain',
  master: 'No such master site',
  name: 'Please enter the brand name',
} as const;

/**
 * Back-office onboarding (spec: "onboarding (launch site, dns records, ...)"): staff create a site
 * for an agent or broker on a subdomain, optionally on a custom domain, and are shown the DNS
 * records to set; launching is the onboarding family's launchsite. The site answers on its
 * subdomain (and domain, once DNS points there) as soon as this returns.
 */
@BackofficeController()
export class CreateSiteController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(contract.onboarding.createSite)
  async create(@Body() input: BodyOf<typeof contract.onboarding.createSite>, @Req() req: Request) {
    if (!input.name.trim()) throw validation(CREATE_SITE_MESSAGES.name);
    const email = parseEmail(input.ownerEmail);
    if (!email) throw validation('Please enter a valid email');
    const ownerUserId = await userIdByEmail(this.store, email);
    const owner = ownerUserId ? (await loadAccount(this.store, ownerUserId)).account : null;
    if (!owner?.exists || owner.securityLevel < LEVEL.agent || owner.securityLevel >= LEVEL.staff) throw validation(CREATE_SITE_MESSAGES.owner);
    if (input.kind === 'broker' && owner.securityLevel < LEVEL.broker) throw validation(CREATE_SITE_MESSAGES.brokerOwner);
    const subdomain = input.subdomain.trim().toLowerCase();
    const same = await siteForHost(this.pool, [], subdomain);
    if (same && same.subdomain === subdomain) throw conflict(CREATE_SITE_MESSAGES.subdomainTaken);
    const domain = input.DomainName?.trim() ? parseSiteDomain(input.DomainName) : null;
    if (domain && (await siteIdForDomain(this.pool, domain))) throw conflict(SITE_MESSAGES.domainTaken);
    if (input.masterSiteId && !(await siteById(this.pool, input.masterSiteId))) throw validation(CREATE_SITE_MESSAGES.master);
    const siteId = newId();
    await this.commands.execute(
      new CreateSiteCommand(
        { siteId, subdomain, name: input.name, kind: input.kind, ownerUserId: owner.userId, DomainName: domain, masterSiteId: input.masterSiteId ?? null },
        { ...commandContextOf(req), siteId },
      ),
    );
    // Answered once the host resolver can find it.
    const deadline = Date.now() + 3_000;
    while (!(await siteById(this.pool, siteId)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.sites.invalidate();
    const site = { DomainName: domain, isDefault: false, subdomain };
    return {
      siteId,
      subdomain,
      name: input.name.trim(),
      url: siteBaseUrl(site, this.config.publicUrl),
      DomainName: domain,
      ownerUserId: owner.userId,
      dnsRecords: dnsRecordsFor(domain, new URL(this.config.publicUrl).hostname),
    };
  }
}
