import { Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { loadAccount, SecretKey } from '../../accounts';
import { loadLead } from '../../leads';
import { SiteResolver } from '../../sites';
import { street } from '../seller-mail/seller-mail-sender.reactor';
import { cmaStream } from '../valuation.events';
import { cmaDecider } from './cma';
import { cmaEstimate, cmaPrice } from './cma-estimate';
import { checkCmaLink } from './cma-link';
import { cmaVersionComps } from './cma-version';
import { loadCma } from './load-cma';

export const CMA_LINK_UNKNOWN = 'This market analysis link is not valid: ask your agent for a new one';
export const CMA_LINK_EXPIRED = 'This market analysis link has expired: ask your agent for a new one';

/**
 * The CMA a lead was sent, read-only, by its signed link: the version sent, the comps kept at
 * their prices adjusted to the home. A forged link, one for a send never recorded and an expired
 * one are 404; the first opening is recorded (CmaOpened, on the lead's timeline).
 */
@Controller()
export class CmaViewController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
  ) {}

  @Route(contract.valuation.viewCma)
  async view(@Param('token') token: string, @Req() req: Request) {
    const checked = checkCmaLink(await this.secret.get(), token, new Date());
    if (!checked.ok) throw notFound(checked.reason === 'expired' ? CMA_LINK_EXPIRED : CMA_LINK_UNKNOWN);
    const { leadId, sendId, version } = checked.link;
    const { lead } = await loadLead(this.store, leadId);
    const loaded = lead.exists ? await loadCma(this.store, leadId).catch(() => null) : null;
    const sent = loaded?.cma.sends.get(sendId);
    if (!lead.exists || !loaded || !sent || sent.version !== version) throw notFound(CMA_LINK_UNKNOWN);
    await handleCommand(this.store, cmaStream(leadId), cmaDecider, { kind: 'open', sendId }, commandContextOf(req, lead.userId));
    const [comps, site, { account: agent }] = await Promise.all([
      cmaVersionComps(this.store, loaded, version),
      this.sites.byId(lead.siteId),
      loadAccount(this.store, sent.byUserId),
    ]);
    const siteName = site?.name ?? '';
    return {
      address: street(loaded.home.address),
      estimate: cmaEstimate(comps),
      asOf: loaded.home.asOf,
      agentName: agent.exists ? `${agent.firstName} ${agent.lastName}`.trim() || siteName : siteName,
      siteName,
      comps: comps
        .filter((c) => c.included)
        .map((c) => ({
          address: c.address,
          closePrice: c.closePrice,
          closeDate: c.closeDate,
          distanceMiles: c.distanceMiles,
          beds: c.beds,
          baths: c.baths,
          livingArea: c.livingArea,
          note: c.note,
          price: cmaPrice(c),
        })),
    };
  }
}
