import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { commandContextOf } from '../../commands/request-context';
import { handleCommand } from '../../commands/handle-command';
import type { MarketReport } from '../../contract/market-reports';
import { parseMarketPath } from '../../contract/market-reports';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { notFound } from '../../shared/errors';
import { requireAuth } from '../accounts';
import { leadAccountOn, leadIdFor, loadLead } from '../leads';
import { requireSite } from '../sites';
import { MarketPages } from './market-pages';
import { marketSubscriptionDecider, marketSubscriptionStream } from './market-subscription';

const NO_REPORT = 'No market report for this area';
export const SEND_FORM_FIRST = 'Send the subscription form first: it tells us where to send the report';

/** What the web app needs to draw a market report page itself, and the monthly e-mail of one. */
@Controller()
export class MarketReportsController {
  constructor(
    @Inject(MarketPages) private readonly pages: MarketPages,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  @Route(contract.marketReports.report)
  async report(@Query() { path }: QueryOf<typeof contract.marketReports.report>): Promise<MarketReport> {
    const r = await this.pages.reportOf(path);
    if (!r) throw notFound(NO_REPORT);
    return r;
  }

  /** The lead of this site the signed-in visitor is (a merged account's survivor): the form's inquiry just made it. */
  @Route(contract.marketReports.subscribe)
  async subscribe(@Body() { path }: BodyOf<typeof contract.marketReports.subscribe>, @Req() req: Request) {
    const auth = requireAuth(req);
    const site = requireSite(req);
    const ref = parseMarketPath(path);
    const r = await this.pages.reportOf(path);
    if (!ref || !r) throw notFound(NO_REPORT);
    const leadId = leadIdFor(await leadAccountOn(this.store, auth.userId, site.siteId), site.siteId);
    if (!(await loadLead(this.store, leadId)).lead.exists) throw notFound(SEND_FORM_FIRST);
    await handleCommand(
      this.store,
      marketSubscriptionStream(leadId),
      marketSubscriptionDecider,
      { kind: 'subscribe', area: { leadId, siteId: site.siteId, kind: ref.kind, slug: ref.slug, label: r.label } },
      commandContextOf(req),
    );
    return { label: r.label };
  }
}
