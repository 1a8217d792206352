import { siteById, siteForHost, siteIdForDomain } from '../../../../projections/sites';
import { Body, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { dnsRecordsFor, type DnsRecordToSet, SITE_MESSAGES } from '../../../contract/site-settings';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { newId } from '../../../shared/ids';
import { conflict, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { LEVEL, loadAccount, parseEmail, userIdByEmail } from '../../accounts';
import { CreateSiteCommand, parseSiteDomain, siteBaseUrl, SiteResolver } from '../../sites';
import { BackofficeController } from '../backoffice-controller';

const CreateBody = z.strictObject({
  subdomain: z.string().max(63),
  name: z.string().max(80),
  kind: z.enum(['broker', 'agent', 'brand'], { error: 'kind must be broker, agent or brand' }),
  ownerEmail: z.string().max(320),
  DomainName: z.string().max(253).nullable().optional(),
  masterSiteId: z.uuid({ error: 'masterSiteId is not a site id' }).nullable().optional(),
});

export const CREATE_SITE_MESSAGES = {
  owner: 'The owner must be an agent or broker account',
  brokerOwner: "A broker's site needs a broker (level 15) as its owner",
  subdomainTaken: 'Another site already uses this subdomain',
  master: 'No such master site',
  name: 'Please enter the brand name',
} as const;

export type CreatedSite = { readonly siteId: string; readonly subdomain: string; readonly name: string; readonly url: string; readonly DomainName: string | null; readonly ownerUserId: string; readonly dnsRecords: readonly DnsRecordToSet[] };

/**
 * Back-office onboarding (spec: "onboarding (launch site, dns records, ...)"): staff create a site
 * for an agent or broker on a subdomain, optionally on a custom domain, and are shown the DNS
 * records to set; launching is the onboarding family's launchsite. The site answers on its
 * subdomain (and domain, once DNS points there) as soon as this returns.
 */
@BackofficeController('sites')
export class CreateSiteController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'Create a site (subdomain, owner, optional custom domain); answers the DNS records to set', tag: 'Back-office: onboarding', access: 'staff', body: CreateBody, responses: { 201: 'CreatedSite', 400: '{message}', 409: 'subdomain or domain taken' } })
  async create(@Body() body: unknown, @Req() req: Request): Promise<CreatedSite> {
    const input = parseBody(CreateBody, body);
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
    return { siteId, subdomain, name: input.name.trim(), url: siteBaseUrl(site, this.config.publicUrl), DomainName: domain, ownerUserId: owner.userId, dnsRecords: dnsRecordsFor(domain, new URL(this.config.publicUrl).hostname) };
  }
}
