import { Controller, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { logger } from '../../../shared/logger';
import { SecretKey } from '../../accounts';
import { loadLead } from '../../leads';
import { sendTrackingPixel, TRACKED_LINK_HEADERS } from '../../messaging';
import { digestOpenedDecider } from '../seller-lead/seller-home';
import { sellerHomeStream } from '../valuation.events';
import { checkDigestLink, cmaRequestPagePath, signDigestLink } from './digest-link';

const log = logger('home-digest-open');

/**
 * The homeowner digest's tracking image and tracked link: a good token records the month's digest
 * opened (HomeDigestOpened, once per month and way), which the lead score counts as an alert
 * e-mail opened; the link goes on to the page that asks for a CMA in one click. A bad token only
 * records nothing: the image is sent and the link goes on to /sell, and a failure to record never
 * keeps the reader from either.
 */
@Controller()
export class DigestOpenController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  @Route(contract.valuation.digestPixel)
  async pixel(@Param('month') month: string, @Query('t') token: unknown, @Req() req: Request, @Res() res: Response): Promise<undefined> {
    await this.record(req, month, token, 'pixel');
    sendTrackingPixel(res);
  }

  @Route(contract.valuation.digestClick)
  async click(@Param('month') month: string, @Query('t') token: unknown, @Req() req: Request, @Res() res: Response): Promise<undefined> {
    const leadId = await this.record(req, month, token, 'click');
    const secret = await this.secret.get();
    const to = leadId ? cmaRequestPagePath(signDigestLink(secret, { leadId, month, how: 'cma' })) : '/sell';
    res
      .status(302)
      .set({ ...TRACKED_LINK_HEADERS, Location: to })
      .end();
  }

  /** The token's lead (null for a bad token or a lead gone), its opening recorded when it can be. */
  private async record(req: Request, month: string, token: unknown, how: 'pixel' | 'click'): Promise<string | null> {
    try {
      const leadId = checkDigestLink(await this.secret.get(), token, month, how);
      if (!leadId) return null;
      const { lead } = await loadLead(this.store, leadId);
      if (!lead.exists) return null;
      await handleCommand(
        this.store,
        sellerHomeStream(leadId),
        digestOpenedDecider,
        { leadId, siteId: lead.siteId, month, how },
        commandContextOf(req, lead.userId),
      );
      return leadId;
    } catch (err) {
      log.warn('home digest opening could not be recorded', { name: (err as Error).name, message: (err as Error).message });
      return null;
    }
  }
}
