import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { SecretKey } from '../../accounts';
import { loadLead } from '../../leads';
import { SiteResolver } from '../../sites';
import { cmaRequestDecider, evolveSellerHome, initialSellerHome } from '../seller-lead/seller-home';
import { sellerHomeStream, type ValuationEvent } from '../valuation.events';
import { openDigestLink } from './digest-link';
import { street } from './seller-mail-sender.reactor';

export const CMA_REQUEST_LINK_UNKNOWN = 'This link is not valid: use the “Ask for a CMA” button of your latest home value e-mail';

/**
 * The page the digest's "Ask for a CMA" lands on: the lead, known by the signed token the
 * click's redirect gave, confirms in one click, with nothing to type. The request is recorded on
 * the lead's seller stream once per digest month (CmaRequested): the timeline shows it, pushes
 * it to the agent, and the lead score counts it once.
 */
@Controller()
export class CmaRequestController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
  ) {}

  @Route(contract.valuation.cmaRequest)
  async show(@Query() { t }: QueryOf<typeof contract.valuation.cmaRequest>) {
    const { lead, home, month } = await this.homeOf(t);
    return this.answer(lead.siteId, home.requests.at(-1)!.address, home.cmaAsked.has(month));
  }

  @Route(contract.valuation.requestCma)
  async request(@Body() { t }: BodyOf<typeof contract.valuation.requestCma>, @Req() req: Request) {
    const { lead, home, month } = await this.homeOf(t);
    await handleCommand(
      this.store,
      sellerHomeStream(lead.leadId),
      cmaRequestDecider,
      { leadId: lead.leadId, siteId: lead.siteId, month },
      commandContextOf(req, lead.userId),
    );
    return this.answer(lead.siteId, home.requests.at(-1)!.address, true);
  }

  private async homeOf(token: string) {
    const link = openDigestLink(await this.secret.get(), token, 'cma');
    if (!link) throw notFound(CMA_REQUEST_LINK_UNKNOWN);
    const { lead } = await loadLead(this.store, link.leadId);
    if (!lead.exists) throw notFound(CMA_REQUEST_LINK_UNKNOWN);
    const events = (await this.store.readStream(sellerHomeStream(lead.leadId))) as unknown as ValuationEvent[];
    const home = events.reduce(evolveSellerHome, initialSellerHome());
    if (home.requests.length === 0) throw notFound(CMA_REQUEST_LINK_UNKNOWN);
    return { lead, home, month: link.month };
  }

  private async answer(siteId: string, address: string, requested: boolean) {
    const site = await this.sites.byId(siteId);
    return { street: street(address), siteName: site?.name ?? '', requested };
  }
}
